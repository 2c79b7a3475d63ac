// Builds the front ends and the server: only those not built yet, or all of them with --force.
// One at a time, since each build already uses both cores of a small machine.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { buildServer } from './build-server.mjs';
import { frontends, isBuilt, root, stampOf } from './frontends.mjs';
import { precompress } from './precompress.mjs';

/**
 * One production build of a front end: webpack in its folder (with `env` added, e.g. a build
 * variant), then the brotli and gzip copies of what it wrote to `dist`. Throws with webpack's
 * output when it fails.
 */
export function buildFrontend(dir, { env = {}, dist = `${root}/${dir}/dist` } = {}) {
  const result = spawnSync('npx', ['webpack', '--mode', 'production'], {
    cwd: `${root}/${dir}`,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, NODE_OPTIONS: '--no-deprecation' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`Build of ${dir} failed:\n${result.stdout}${result.stderr}`);
  precompress(dist);
}

export function buildFrontends({ force = false } = {}) {
  const todo = frontends.filter((dir) => force || !isBuilt(dir));
  for (const dir of todo) {
    const started = Date.now();
    process.stdout.write(`Building ${dir}... `);
    try {
      buildFrontend(dir);
    } catch (error) {
      process.stdout.write('failed\n');
      throw error;
    }
    writeFileSync(stampOf(dir), new Date().toISOString());
    process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  return todo;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const force = process.argv.includes('--force');
    buildFrontends({ force });
    await buildServer({ force });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
