import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from './server-process';

/**
 * A database that stops answering without closing its connections (a network partition): every
 * call of the server hangs rather than fails. The process must notice and stop, so that its
 * supervisor starts a fresh one, instead of hanging for good while its liveness probe says 200.
 */
const url = new URL(process.env.TEST_DATABASE_URL!);

/** A TCP proxy to PostgreSQL that can go silent: it keeps every connection open and passes nothing on. */
async function silenceableProxy() {
  const sockets: Socket[] = [];
  let silent = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(url.port || 5432), url.hostname);
    sockets.push(client, upstream);
    client.on('data', (chunk) => silent || upstream.write(chunk));
    upstream.on('data', (chunk) => silent || client.write(chunk));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    silence: () => {
      silent = true;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

let proxy: Awaited<ReturnType<typeof silenceableProxy>>;
let server: ServerProcess | undefined;
let admin: pg.Client;
let schema: string;
let dataDir: string;

beforeAll(async () => {
  schema = `wedged_${randomBytes(4).toString('hex')}`;
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  proxy = await silenceableProxy();
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-wedged-'));
});
afterAll(async () => {
  await server?.stop();
  proxy.close();
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
});

it('stops the process when its database calls hang', async () => {
  const database = new URL(url.toString());
  database.host = `127.0.0.1:${proxy.port}`;
  database.searchParams.set('options', `-c search_path=${schema}`);
  server = await startServerProcess({
    DATABASE_URL: database.toString(),
    DATA_DIR: dataDir,
    FRONTENDS_DIR: dataDir,
    PAYDESK_MODE: 'demo',
    DATABASE_WEDGED_SECONDS: '5',
  });
  expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  proxy.silence();
  const ready = await fetch(`${server.baseUrl}/readyz`);
  expect(ready.status).toBe(503);
  expect(await server.exited()).toBe(1);
}, 90_000);
