import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * Every benchmark runs whole at tiny sizes (`npm run bench -- --smoke`), so a change that breaks
 * one fails the test run, not the day its figures are wanted. Nothing measured is asserted: the
 * figures of such sizes mean nothing, and timing belongs to the benchmarks (bench/README.md).
 */
const root = join(__dirname, '..');

test('every benchmark runs to its end and writes its results', async () => {
  const child = spawn(process.execPath, ['bench/run-all.mjs', '--smoke'], {
    cwd: root,
    // The benchmarks seed and measure on PostgreSQL: the one the other tests use.
    env: { ...process.env, BENCH_DATABASE_URL: process.env['TEST_DATABASE_URL'] },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  // On a failure, the end of the run's output names the benchmark and its error.
  expect({ code, tail: code === 0 ? '' : output.slice(-4000) }).toEqual({ code: 0, tail: '' });
}, 900_000);
