// Starts the built product (as npm start does: the compiled server) on a free port with a fresh embedded database,
// for benchmarks. Builds the front ends that changed first.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, serverCommand } from '../../scripts/build-server.mjs';
import { buildFrontends } from '../../scripts/build.mjs';
import { root } from '../../scripts/frontends.mjs';
import { serverSettings } from './server-settings.mjs';

const freePort = () =>
  new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });

/**
 * `build: false` skips the front ends (API-only benchmarks); `nodeArgs` go to the server's node
 * (e.g. `--cpu-prof`); `dataDir`, an embedded database to start on and keep (a fresh one, removed
 * at stop, without). `pid` is the server process's; `stop()` resolves once it has exited.
 */
export async function startProduct(env = {}, { build = true, nodeArgs = [], dataDir: kept } = {}) {
  if (build) await buildFrontends();
  await buildServer();
  const port = await freePort();
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), 'paydesk-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, ...serverCommand], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...serverSettings({
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        FRONTENDS_DIR: root,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        ...env,
      }),
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
  const exited = new Promise((done) => child.once('exit', done));
  return {
    baseUrl,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another checkout of the repository, built (`npm run build` there), started by its own code on
 * its own build with `env`: a change's before, measured beside its after. `revision` names it.
 */
export async function startCheckout(dir, env = {}) {
  const revision = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const { startProduct: start } = await import(pathToFileURL(join(dir, 'bench/lib/product.mjs')).href);
  return { revision, product: await start(env, { build: false }) };
}
