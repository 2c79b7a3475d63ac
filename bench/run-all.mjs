// Every benchmark of the project, one after the other, then one report: bench/report.md and
// bench/report.json (PERF-01 to PERF-13).
//
//   npm run bench               the full sizes, about 15-20 minutes on a 2-core machine
//   npm run bench -- --quick    smaller sizes, about 3 minutes: proves everything runs
//   npm run bench -- --only payment-api,card-upload     some of them again (names as in the report);
//                               the others keep their figures from bench/report.json
//   npm run bench -- --render   bench/report.md again from bench/report.json, nothing measured
//   npm run bench -- --only payer-page --against ../before    the payer pages (and the back
//                               office) of another checkout, built, measured in the same runs:
//                               a change's before and after
//   npm run bench -- --smoke    every benchmark once at tiny sizes, in a few minutes: proves
//                               each still runs (npm test does this too), writes no report
//
// Each benchmark runs in its own process, writing its figures to bench/.work/report-<time>/<step>/
// (bench/results/ keeps the figures of the benchmarks run one by one). A benchmark that fails
// is reported as failed and the others still run; the exit code is 1 then. Targets are reported,
// never enforced. Everything a benchmark starts (servers, databases, browsers) it stops itself.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { dropSchema } from './lib/databases.mjs';
import { renderReport } from './lib/report.mjs';
import { log } from './lib/stats.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = join(benchDir, '..');
const quick = process.argv.includes('--quick');
const smoke = process.argv.includes('--smoke');
const runDir = join(benchDir, '.work', `${smoke ? 'smoke' : 'report'}-${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}`);

const tsx = ['--import', 'tsx'];
const transactions = (size, db, runs) => ({
  name: `transactions-${size}-${db}`,
  kind: 'transactions',
  size,
  args: [
    ...tsx,
    'bench/transactions-api.mjs',
    '--transactions',
    String(size),
    '--db',
    db,
    '--runs',
    String(runs),
    '--warmup',
    quick ? '2' : '3',
  ],
});
const backOffice = (size) => ({
  name: 'back-office',
  kind: 'back-office',
  size,
  args: [...tsx, 'bench/back-office-page.mjs', '--transactions', String(size), '--runs', quick ? '1' : '3'],
});
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : undefined;
// Every benchmark at sizes that measure nothing worth reading (bench/smoke-steps.json, which npm
// test runs too): a benchmark a refactor broke fails CI, not on the day its figures are wanted.
const smokeSteps = JSON.parse(readFileSync(join(benchDir, 'smoke-steps.json'), 'utf8')).map((step) => ({
  name: step.name,
  kind: step.kind,
  args: [...tsx, step.script, ...step.args],
}));
const allSteps = smoke
  ? smokeSteps
  : quick
    ? [
        { name: 'payer-page', kind: 'payer', args: [...tsx, 'bench/payer-page.mjs', '--runs', '1'] },
        { name: 'lighthouse', kind: 'lighthouse', args: [...tsx, 'bench/lighthouse.mjs', '--runs', '1'] },
        { name: 'release-lookup', kind: 'releases', args: [...tsx, 'bench/release-lookup.mjs', '--runs', '1', '--requests', '100'] },
        transactions(1_000, 'postgres', 20),
        transactions(10_000, 'both', 20),
        backOffice(10_000),
        { name: 'card-upload', kind: 'cards', args: [...tsx, 'bench/card-upload.mjs', '--rows', '10000', '--runs', '1'] },
        {
          name: 'payment-api',
          kind: 'payments',
          args: [...tsx, 'bench/payment-api.mjs', '--seconds', '5', '--rounds', '1', '--history', '20000', '--sweep', 'none'],
        },
        {
          name: 'webhooks',
          kind: 'webhooks',
          args: [...tsx, 'bench/webhook-delivery.mjs', '--seconds', '5', '--rounds', '1', '--history', '20000'],
        },
        { name: 'balance-history', kind: 'balance', args: [...tsx, 'bench/balance-history.mjs', '--movements', '10000', '--runs', '5'] },
        {
          name: 'dispute-list',
          kind: 'disputes',
          args: [...tsx, 'bench/dispute-list.mjs', '--transactions', '10000', '--disputes', '1000', '--runs', '5'],
        },
      ]
    : [
        { name: 'payer-page', kind: 'payer', args: [...tsx, 'bench/payer-page.mjs', '--runs', '5'] },
        { name: 'lighthouse', kind: 'lighthouse', args: [...tsx, 'bench/lighthouse.mjs', '--runs', '3'] },
        { name: 'release-lookup', kind: 'releases', args: [...tsx, 'bench/release-lookup.mjs', '--runs', '5'] },
        transactions(10_000, 'both', 30),
        transactions(100_000, 'both', 30),
        // PGlite at 1,000,000 would add about 8 minutes of seeding: PostgreSQL only at that size.
        transactions(1_000_000, 'postgres', 30),
        backOffice(1_000_000),
        { name: 'card-upload', kind: 'cards', args: [...tsx, 'bench/card-upload.mjs', '--rows', '100000', '--runs', '3'] },
        { name: 'payment-api', kind: 'payments', args: [...tsx, 'bench/payment-api.mjs', '--seconds', '15', '--rounds', '3'] },
        { name: 'webhooks', kind: 'webhooks', args: [...tsx, 'bench/webhook-delivery.mjs', '--seconds', '15', '--rounds', '3'] },
        { name: 'balance-history', kind: 'balance', args: [...tsx, 'bench/balance-history.mjs'] },
        { name: 'dispute-list', kind: 'disputes', args: [...tsx, 'bench/dispute-list.mjs'] },
      ];
const steps = only ? allSteps.filter((s) => only.some((name) => s.name.startsWith(name))) : allSteps;
// A change's before and after in one report: the pages of another checkout, built, beside these.
const against = process.argv.includes('--against') ? process.argv[process.argv.indexOf('--against') + 1] : undefined;
for (const step of steps.filter((s) => against && ['payer', 'back-office'].includes(s.kind)))
  step.args = [...step.args, '--against', against];
if (steps.length === 0) throw new Error(`--only matches none of ${allSteps.map((s) => s.name).join(', ')}`);
// Seeding 1,000,000 rows takes about 4 minutes: the back office is measured on the rows the
// transactions step seeded (same size, seed and demo accounts), which keeps its schema for it.
const seeder = steps.find((s) => s.kind === 'transactions' && s.size === 1_000_000 && s.args.includes('postgres'));
const sharedSchema =
  seeder && steps.some((s) => s.kind === 'back-office' && s.size === seeder.size)
    ? `bench_shared_${randomBytes(4).toString('hex')}`
    : undefined;
if (sharedSchema) {
  seeder.args = [...seeder.args, '--keep-schema', sharedSchema];
  const taker = steps.find((s) => s.kind === 'back-office');
  taker.args = [...taker.args, '--schema', sharedSchema];
}

/** Runs one benchmark; its output goes to the terminal and to <step>/output.log. */
function runStep(step) {
  const dir = join(runDir, step.name);
  mkdirSync(dir, { recursive: true });
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, step.args, {
      cwd: root,
      env: { ...process.env, BENCH_RESULTS_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output.push(chunk);
        process.stdout.write(chunk);
      });
    }
    child.on('close', (code, signal) => {
      const text = Buffer.concat(output).toString('utf8');
      writeFileSync(join(dir, 'output.log'), text);
      const seconds = Math.round((performance.now() - t0) / 1000);
      if (code !== 0)
        return resolve({
          ...step,
          seconds,
          error: `exit ${code ?? signal}: ${text.trim().split('\n').slice(-3).join(' / ').slice(0, 400)}`,
        });
      resolve({ ...step, seconds, dir });
    });
  });
}

const readJson = (dir, file) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const resultFile = {
  payer: 'payer-page.json',
  lighthouse: 'lighthouse.json',
  releases: 'release-lookup.json',
  transactions: 'transactions-api.json',
  'back-office': 'back-office-page.json',
  cards: 'card-upload.json',
  payments: 'payment-api.json',
  webhooks: 'webhook-delivery.json',
  balance: 'balance-history.json',
  disputes: 'dispute-list.json',
};
const markdownFile = {
  payer: 'payer-page.md',
  lighthouse: 'lighthouse.md',
  releases: 'release-lookup.md',
  'back-office': 'back-office-page.md',
  cards: 'card-upload.md',
  payments: 'payment-api.md',
  webhooks: 'webhook-delivery.md',
  balance: 'balance-history.md',
  disputes: 'dispute-list.md',
};

if (process.argv.includes('--render')) {
  const saved = JSON.parse(readFileSync(join(benchDir, 'report.json'), 'utf8'));
  const steps = saved.steps.map((s) => ({ ...s, data: s.results }));
  writeFileSync(join(benchDir, 'report.md'), renderReport({ ...saved, steps, totalSeconds: saved.total_seconds }).markdown);
  log('bench/report.md rendered again from bench/report.json');
  process.exit(0);
}

const started = performance.now();
const machine = {
  cpus: cpus().length,
  cpu_model: cpus()[0]?.model ?? 'unknown',
  memory_gb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  loadavg_before: loadavg(),
};
log(`${smoke ? 'Smoke' : quick ? 'Quick' : 'Full'} benchmark run: ${steps.map((s) => s.name).join(', ')}`);
const done = [];
for (const step of steps) {
  log(`== ${step.name}`);
  const result = await runStep(step);
  if (smoke) {
    // Its figures are not read; that it ran whole and wrote them is what counts.
    const wrote = result.error ? [] : readdirSync(result.dir).filter((file) => file !== 'output.log');
    if (!result.error && wrote.length === 0) result.error = 'exit 0 without writing its results';
  } else if (!result.error) {
    result.data = readJson(result.dir, resultFile[step.kind]);
    if (markdownFile[step.kind]) result.markdown = readFileSync(join(result.dir, markdownFile[step.kind]), 'utf8');
  }
  log(`== ${step.name}: ${result.error ? `FAILED (${result.error})` : 'done'} in ${result.seconds} s`);
  done.push({ ...result, measured_at: new Date().toISOString() });
}
// The back-office step drops the shared schema itself; this is for when it did not get that far.
if (sharedSchema) await dropSchema(sharedSchema).catch((error) => log(`dropping schema ${sharedSchema}: ${error.message}`));
if (smoke) {
  const failed = done.filter((s) => s.error);
  for (const step of done) log(`${step.name}: ${step.error ? `FAILED (${step.error})` : 'ran'} in ${step.seconds} s`);
  if (failed.length === 0) rmSync(runDir, { recursive: true, force: true });
  else log(`Outputs kept in ${runDir}`);
  process.exit(failed.length > 0 ? 1 : 0);
}
if (only) {
  // The benchmarks not run now keep their last figures, in their order.
  let saved = [];
  try {
    const report = JSON.parse(readFileSync(join(benchDir, 'report.json'), 'utf8'));
    if (Boolean(report.quick) === quick)
      saved = report.steps.map((s) => ({ ...s, data: s.results, measured_at: s.measured_at ?? report.measured_at }));
  } catch {
    saved = [];
  }
  const names = allSteps.map((s) => s.name);
  const merged = [...done, ...saved.filter((s) => !done.some((d) => d.name === s.name))];
  done.splice(0, done.length, ...merged.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name)));
}
machine.loadavg_after = loadavg();
const totalSeconds = Math.round((performance.now() - started) / 1000);
const { markdown, json } = renderReport({
  quick,
  only,
  steps: done,
  machine,
  totalSeconds,
  command: `npm run bench${quick || only ? ' --' : ''}${quick ? ' --quick' : ''}${only ? ` --only ${only.join(',')}` : ''}`,
});
writeFileSync(join(benchDir, 'report.md'), markdown);
writeFileSync(join(benchDir, 'report.json'), `${JSON.stringify(json, null, 2)}\n`);
const failed = done.filter((s) => s.error);
if (failed.length === 0) rmSync(runDir, { recursive: true, force: true });
log(
  `Report written to bench/report.md and bench/report.json in ${totalSeconds} s${failed.length ? `; ${failed.length} failed (outputs kept in ${runDir})` : ''}`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
