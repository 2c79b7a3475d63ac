import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import steps from '../smoke-steps.json';

const root = join(__dirname, '..', '..');

interface Run {
  code: number | null;
  output: string;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(output).toString('utf8') }));
  });
}

/**
 * Each benchmark of bench/smoke-steps.json that does (or does not) drive a browser, run whole at
 * tiny sizes, as `npm run bench -- --smoke` runs it: it must exit 0 having written its figures
 * (to a folder of its own, not bench/results). No figure is read: the machine is busy with the
 * other tests. The benchmarks measure PostgreSQL, which the test run names in TEST_DATABASE_URL.
 */
export function smokeSteps({ browser }: { browser: boolean }): void {
  const chosen = steps.filter((step) => ('browser' in step && step.browser) === browser);
  test.each(chosen.map((step) => [step.name, step] as const))(
    '%s runs whole at tiny sizes',
    async (_name, step) => {
      const dir = mkdtempSync(join(tmpdir(), `paydesk-bench-${step.name}-`));
      try {
        const env = { ...process.env, BENCH_RESULTS_DIR: dir, BENCH_DATABASE_URL: process.env.TEST_DATABASE_URL };
        const { code, output } = await run(['--import', 'tsx', step.script, ...step.args], env);
        // The end of its output says why, when it fails.
        expect({ code, end: code === 0 ? '' : output.split('\n').slice(-15).join('\n') }).toEqual({ code: 0, end: '' });
        expect(readdirSync(dir).length).toBeGreaterThan(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    240_000,
  );
}
