// Builds the front ends and the server: only those not built yet, or all of them with --force.
// One at a time, since each build already uses both cores of a small machine.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { buildServer } from './build-server.mjs';
import { frontends, isBuilt, root, stampOf } from './frontends.mjs';
import { precompress } from './precompress.mjs';

export function buildFrontends({ force = false } = {}) {
  const todo = frontends.filter((dir) => force || !isBuilt(dir));
  for (const dir of todo) {
    const started = Date.now();
    process.stdout.write(`Building ${dir}... `);
    const result = spawnSync('npx', ['webpack', '--mode', 'production'], {
      cwd: `${root}/${dir}`,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '--no-deprecation' },
      encoding: 'utf8',
    });
    if (result.status !== 0) {
      process.stdout.write('failed\n');
      process.stderr.write(result.stdout + result.stderr);
      throw new Error(`Build of ${dir} failed`);
    }
    precompress(`${root}/${dir}/dist`);
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
