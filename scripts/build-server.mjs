// Compiles the server to plain JavaScript in server/dist: the server runs from there in
// `npm start`, the browser tests and the benchmarks, as it would be deployed. Running the
// TypeScript through tsx instead costs about 45 MB of resident memory in the server and as much
// again in each card-upload worker (bench/card-upload.mjs); tsx stays for the tests, the CLIs and
// development. Only the workspace code (and crypto-js, whose extensionless subpath imports Node's
// ES module resolver refuses) is bundled; every other package is loaded from node_modules as is,
// so native modules, WASM and package assets work unchanged.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { newestMtime, root } from './frontends.mjs';

const serverDir = path.join(root, 'server');
const outDir = path.join(serverDir, 'dist');
const stamp = path.join(outDir, '.build-stamp');
/** The entry points: the server, and the card-upload worker it starts in a thread. */
const entryPoints = { main: 'server/src/main.ts', 'card-upload-worker': 'server/src/cards/card-upload-worker.ts' };
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
