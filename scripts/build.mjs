// Builds the front ends and the server: only those not built yet, or all of them with --force.
// As many webpack builds at once as the machine has cores: one build alone keeps about 1.4 of
// two cores busy, two at once keep both (two remotes in 10.9 s instead of 15.7 s one after the
// other; the quick benchmark's builds, the six and the shell's single-bundle variant, in about
// 55 s instead of 75 s).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { buildServer } from './build-server.mjs';
import { frontends, isBuilt, root, stampOf } from './frontends.mjs';
import { precompress } from './precompress.mjs';

/**
 * One production build of a front end: webpack in its folder (with `env` added, e.g. a build
 * variant), then the brotli and gzip copies of what it wrote to `dist`; `name` is what the
 * progress lines call it. Rejects with webpack's output when it fails.
 */
export async function buildFrontend(dir, { env = {}, dist = `${root}/${dir}/dist`, name = dir } = {}) {
  const started = Date.now();
  console.log(`Building ${name}...`);
  const child = spawn('npx', ['webpack', '--mode', 'production'], {
    cwd: `${root}/${dir}`,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, NODE_OPTIONS: '--no-deprecation' },
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk) => {
      output += chunk;
    });
  const status = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (status !== 0) throw new Error(`Build of ${name} failed:\n${output}`);
  precompress(dist);
  console.log(`Built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Builds the front ends that need it, a few at a time; returns their folders. */
export async function buildFrontends({ force = false } = {}) {
  const todo = frontends.filter((dir) => force || !isBuilt(dir));
  const queue = [...todo];
  const worker = async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) {
      try {
        await buildFrontend(dir);
      } catch (error) {
        queue.length = 0;
        throw error;
      }
      writeFileSync(stampOf(dir), new Date().toISOString());
    }
  };
  const workers = Array.from({ length: Math.min(availableParallelism(), todo.length) }, worker);
  const results = await Promise.allSettled(workers);
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
  return todo;
}

/** What a command that runs the product builds first: the front ends and the server that changed; a failure ends the command. */
export async function buildProductOrExit() {
  try {
    await buildFrontends();
    await buildServer();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const force = process.argv.includes('--force');
    await buildFrontends({ force });
    await buildServer({ force });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
