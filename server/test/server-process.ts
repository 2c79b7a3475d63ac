import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';

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

/** A real server process (`server/src/main.ts`), for tests that kill and restart it. */
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
    child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
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
  const exited = async () => (child.exitCode !== null || child.signalCode !== null ? child.exitCode : ((await once(child, 'exit')) as [number | null])[0]);
  return { baseUrl, kill: () => signal('SIGKILL'), restart: launch, stop: () => signal('SIGTERM'), exited };
}
