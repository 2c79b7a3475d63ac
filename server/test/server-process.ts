import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { builtCommand } from './built-server';

const repoRoot = join(__dirname, '..', '..');

const freePort = (): Promise<number> =>
  new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** A real server process (`server/dist/main.mjs`, as `npm start` runs it), for tests that kill and restart it. */
export interface ServerProcess {
  baseUrl: string;
  /** SIGKILL: no shutdown hook runs, in-flight requests are cut. */
  kill(): Promise<void>;
  /** Starts it again on the same port with the same environment. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves with the exit code when the process ends by itself or is stopped. */
  exited(): Promise<number | null>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(process.execPath, builtCommand('main'), {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    });
    for (let waited = 0; ; waited += 200) {
      try {
        if ((await fetch(`${baseUrl}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      if (waited > 60_000 || child.exitCode !== null) throw new Error(`server on ${baseUrl} did not start`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(name);
    await once(child, 'exit');
  };
  await launch();
  const exited = async () =>
    child.exitCode !== null || child.signalCode !== null ? child.exitCode : ((await once(child, 'exit')) as [number | null])[0];
  return { baseUrl, kill: () => signal('SIGKILL'), restart: launch, stop: () => signal('SIGTERM'), exited };
}

export interface TwoServers {
  /** A client of the test's own schema (search_path set), for the test's own reads and writes. */
  admin: pg.Client;
  schema: string;
  servers: ServerProcess[];
  stop(): Promise<void>;
}

/**
 * Two server processes in demo mode on one fresh schema of TEST_DATABASE_URL, with `env` beside
 * the database settings: the set-up of every `.postgres.test.ts` that races two processes.
 */
export async function startTwoServers(name: string, env: Record<string, string> = {}): Promise<TwoServers> {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `${name}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.query(`set search_path = ${schema}`);
  const dataDir = mkdtempSync(join(tmpdir(), `paydesk-${name}-`));
  const database = new URL(url);
  database.searchParams.set('options', `-c search_path=${schema}`);
  const serverEnv = { DATABASE_URL: database.toString(), DATA_DIR: dataDir, PAYDESK_MODE: 'demo', FRONTENDS_DIR: dataDir, ...env };
  // One after the other: the first migrates and seeds, the second finds it done.
  const servers = [await startServerProcess(serverEnv)];
  servers.push(await startServerProcess(serverEnv));
  return {
    admin,
    schema,
    servers,
    async stop() {
      await Promise.all(servers.map((server) => server.stop()));
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
