// Compiles the server to plain JavaScript in server/dist: the server runs from there in
// `npm start`, the browser tests and the benchmarks, as it would be deployed, and the server's
// tests start it and its command line tools from there too. Running the TypeScript through tsx
// instead costs about 45 MB of resident memory in the server and as much again in each card-upload
// worker (bench/card-upload.mjs), and about 2.0 CPU-s per start against 1.1; tsx stays for the
// operators' CLI commands (`npm run seed` etc.), the tests' own helper scripts and development.
// Only the workspace code (and crypto-js, whose extensionless subpath imports Node's ES module
// resolver refuses) is bundled; every other package is loaded from node_modules as is, so native
// modules, WASM and package assets work unchanged. `node scripts/build-server.mjs` builds it when
// it changed (the server's jest projects run that first).
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newestMtime, root } from './frontends.mjs';

const serverDir = path.join(root, 'server');
const outDir = path.join(serverDir, 'dist');
const stamp = path.join(outDir, '.build-stamp');
/**
 * The entry points: the server, the card-upload worker it starts in a thread, and the command line
 * tools (server/src/cli). Each is a bundle of its own in server/dist, one folder below the server
 * package like server/src, so that paths found from the module's folder (migrations) hold.
 */
const entryPoints = {
  main: 'server/src/main.ts',
  'card-upload-worker': 'server/src/cards/card-upload-worker.ts',
  'audit-verify': 'server/src/cli/audit-verify.ts',
  'create-admin': 'server/src/cli/create-admin.ts',
  seed: 'server/src/cli/seed.ts',
};
const inputs = [
  path.join(serverDir, 'src'),
  path.join(serverDir, 'package.json'),
  path.join(root, 'shared', 'src'),
  path.join(root, 'scripts', 'build-server.mjs'),
];

const bundled = (name) => name.startsWith('@paydesk/') || name === 'crypto-js' || name.startsWith('crypto-js/');
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => (bundled(args.path) ? undefined : { path: args.path, external: true }));
  },
};

export const isServerBuilt = () => existsSync(stamp) && inputs.every((input) => newestMtime(input) <= statSync(stamp).mtimeMs);

/** Builds server/dist unless it is newer than every input (or always with `force`). */
export async function buildServer({ force = false } = {}) {
  if (!force && isServerBuilt()) return false;
  const started = Date.now();
  process.stdout.write('Building server... ');
  // Imported only to build: finding the server built then costs about 0.06 CPU-s instead of 0.15.
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  writeFileSync(stamp, new Date().toISOString());
  process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  return true;
}

/** The command that runs the built server: source maps keep stack traces pointing at the TypeScript. */
export const serverCommand = ['--enable-source-maps', path.join('server', 'dist', 'main.mjs')];

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await buildServer({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
