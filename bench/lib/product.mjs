// Starts the built product (as npm start does: the compiled server) on a free port with a fresh embedded database,
// for benchmarks. Builds the front ends that changed first.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, serverCommand } from '../../scripts/build-server.mjs';
import { buildFrontends } from '../../scripts/build.mjs';
import { root } from '../../scripts/frontends.mjs';

const freePort = () =>
  new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/**
 * `build: false` skips the front ends (API-only benchmarks); `nodeArgs` go to the server's node
 * (e.g. `--cpu-prof`). `pid` is the server process's.
 */
export async function startProduct(env = {}, { build = true, nodeArgs = [] } = {}) {
  if (build) await buildFrontends();
  await buildServer();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, ...serverCommand], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      FRONTENDS_DIR: root,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not yet listening
    }
    if (i > 300) throw new Error('The product did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    pid: child.pid,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
