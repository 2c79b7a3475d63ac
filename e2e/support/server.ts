import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitUntilReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server not ready at ${url} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface RunningServer {
  baseUrl: string;
  pid: number;
  dataDir: string;
}

/**
 * Starts the product as `npm start` does (the server compiled by scripts/build-server.mjs, which
 * the global set-up runs), on a free port and a fresh data folder. `publicHost` names the host of
 * its PUBLIC_URL and base address (127.0.0.1 unless told): passkeys need a host name, since no
 * browser takes an IP address as a WebAuthn relying party.
 */
export async function startServer(env: Record<string, string> = {}, { publicHost = '127.0.0.1' } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-e2e-'));
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: false,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FRONTENDS_DIR: root,
      LOG_LEVEL: 'warn',
      PAYDESK_MODE: 'demo',
      DATABASE_URL: '',
      // The browser opens the pages on 127.0.0.1 (or publicHost): checkout links and the 3-D Secure frame must name that origin.
      PUBLIC_URL: `http://${publicHost}:${port}`,
      // Every browser test signs in and pays from 127.0.0.1, several files at once: far more than one payer.
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      PAYMENT_RATE_LIMIT_PER_MINUTE: '10000',
      // Refunds settle at the next run of the job (about a second), so a test sees them succeed.
      REFUND_SETTLE_SECONDS: '0',
      // The dispute test cards' payments are disputed at the job's next run (about a second), not ten seconds on.
      DISPUTE_OPEN_SECONDS: '0',
      // A delivery that fails on a loaded machine is tried again within seconds, not a minute on.
      WEBHOOK_RETRY_SCHEDULE: '2s,5s,10s,30s',
      ...env,
    },
  });
  child.unref();
  const baseUrl = `http://${publicHost}:${port}`;
  await waitUntilReady(`http://127.0.0.1:${port}/readyz`, 60_000);
  return { baseUrl, pid: child.pid ?? 0, dataDir };
}

/** Stops a server from startServer and removes its data folder. */
export function stopServer(server: RunningServer): void {
  try {
    process.kill(server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}
