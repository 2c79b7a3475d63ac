// Balance history at scale (BAL-09): the reconciliation report and the movements list over a year
// of movements, and how their cost grows with the number of movements.
//
//   npm run bench:balance                                 10,000, 100,000 and 1,000,000 movements, PostgreSQL
//   npm run bench:balance -- --movements 10000,100000 --runs 20
//
// Options: --movements N,N,… (default 10000,100000,1000000), --db postgres|pglite (default
// postgres), --runs R (timed rounds, default 100: the p95 of 30 is the second slowest call),
// --warmup W (default 3), --seed S (default 7),
// --database-url URL (default $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test),
// --keep-schema NAME (one size: seed into schema NAME and leave it), --schema NAME (time a schema
// seeded before with --keep-schema, seeding nothing; it stays too: comparing two versions of the
// code on the same rows).
//
// For each size a fresh database (bench/lib/scale-data.mjs): the demo accounts, then a year of
// movements of every type written with the times they happened at (server/src/demo/ledger-history.ts:
// payments, refunds and their failures, disputes won and lost with their fees, withdrawals paid out
// and refused, and the payments' rows in `transactions`), checkpointed and rolled up as the
// server's job leaves them, then VACUUM ANALYZE; last, 1,000 movements of the last ten minutes
// that the rollups have not reached yet, as between two runs of the job under load (the same at
// every size: the job's pace, not the history, decides it). Timed in process with app.inject() on the real
// app, as an admin, in rounds (every call once a round): summaries of a year, a month, a day and
// of an hour not on the hour; the list's first page, a page half-way down, a rare type, a day, a
// source and a withdrawal; and beside them the transaction list's first and a deep page of the
// same database, which the movements list is held to. Figures: median, p95 and (min–max); the
// growth per 10x more movements between sizes as bench/lib/growth.mjs judges it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app.ts';
import { rollUpBalanceFully } from '../server/src/balance/balance-rollups.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { writeLedgerHistory } from '../server/src/demo/ledger-history.ts';
import { seedDemo } from '../server/src/demo/seed-demo.ts';
import { DEMO_PASSWORD } from '../server/src/demo-password.ts';
import { ephemeralConfig } from '../server/src/ephemeral-config.ts';
import { checkpointLedger } from '../server/src/wallet/ledger.ts';
import { balanceMarkdown, callRows, callsHead, verdicts } from './lib/balance-markdown.mjs';
import { textTable, timeCalls } from './lib/inject-timing.mjs';
import { vacuumAnalyzeSchema } from './lib/databases.mjs';
import { cleanups, fmtInt, log, openPglite, openPostgres, runCleanups, secondsSince } from './lib/scale-data.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const resultsDir = process.env.BENCH_RESULTS_DIR ?? join(benchDir, 'results');
const REPORT_TARGET_MS = 1000;
/** What the rollups have not reached when a report is read: about ten seconds of 100 movements a second, at every size. */
const TAIL = 1000;
const DAY_MS = 86_400_000;

const { values: args } = parseArgs({
  options: {
    movements: { type: 'string', default: '10000,100000,1000000' },
    db: { type: 'string', default: 'postgres' },
    runs: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '3' },
    seed: { type: 'string', default: '7' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    'keep-schema': { type: 'string' },
    schema: { type: 'string' },
  },
});
const sizes = String(args.movements)
  .split(',')
  .map((n) => Number(n.replace(/_/g, '')));
if (!sizes.every((n) => Number.isInteger(n) && n >= 100))
  throw new Error('--movements takes whole numbers of at least 100, comma-separated');
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
if (!['postgres', 'pglite'].includes(args.db)) throw new Error('--db must be postgres or pglite');
if ((args['keep-schema'] || args.schema) && (sizes.length !== 1 || args.db !== 'postgres'))
  throw new Error('--keep-schema and --schema take one size (--movements N) on PostgreSQL');

/** The calls to time, from the data itself: a movement half-way down, a source, a withdrawal. */
async function callsFor(db, now) {
  const iso = (ms) => new Date(ms).toISOString();
  const [{ count }] = await db.query('select count(*)::int as count from balance_transactions');
  const [middle] = await db.query('select id from balance_transactions order by created_at desc, posting_id desc offset $1 limit 1', [
    Math.floor(count / 2),
  ]);
  // A failed refund and a refused withdrawal when the history has one: two movements to find, not one.
  const [refund] = await db.query(
    `select source from balance_transactions where type in ('refund', 'refund_failure') order by type desc, posting_id limit 1`,
  );
  const [withdrawal] = await db.query(
    `select source from balance_transactions where type in ('withdrawal', 'withdrawal_failure') order by type desc, posting_id limit 1`,
  );
  const [transactions] = await db.query('select count(*)::int as n from transactions');
  const deepPage = Math.max(1, Math.floor(transactions.n / 25 / 2));
  const summary = '/api/backend/balance-transactions/summary';
  const list = '/api/backend/balance-transactions';
  const day = now - 100 * DAY_MS;
  return [
    { name: 'summary: a year', url: `${summary}?from=${iso(now - 365 * DAY_MS)}&to=${iso(now)}`, report: true },
    { name: 'summary: a month', url: `${summary}?from=${iso(now - 60 * DAY_MS)}&to=${iso(now - 30 * DAY_MS)}`, report: true },
    { name: 'summary: a day', url: `${summary}?from=${iso(day)}&to=${iso(day + DAY_MS)}`, report: true },
    {
      name: 'summary: 37 minutes, off the hour',
      url: `${summary}?from=${iso(day + 1_234_567)}&to=${iso(day + 1_234_567 + 2_220_000)}`,
      report: true,
    },
    { name: 'list: first page', url: `${list}?limit=25`, list: true },
    { name: 'list: half-way down', url: `${list}?limit=25&before=${middle.id}`, list: true },
    { name: 'list: a rare type (refund_failure)', url: `${list}?limit=25&type=refund_failure`, list: true },
    { name: 'list: one day', url: `${list}?limit=25&from=${iso(day)}&to=${iso(day + DAY_MS)}`, list: true },
    { name: 'list: a refund (source)', url: `${list}?limit=25&source=${refund.source}`, list: true },
    { name: 'list: a withdrawal', url: `${list}?limit=25&withdrawal=${withdrawal.source}`, list: true },
    { name: 'transaction list: first page', url: '/api/backend/all-transactions?page=1&per_page=25', baseline: true },
    { name: 'transaction list: half-way down', url: `/api/backend/all-transactions?page=${deepPage}&per_page=25`, baseline: true },
  ];
}

/** The calls timed as the other scale benchmarks time theirs, each with the kind of call it is. */
async function measure(app, token, calls) {
  const describe = (body) => {
    const data = body.data;
    if (Array.isArray(data)) return `${data.length} rows`;
    return data?.object === 'balance_summary'
      ? `${fmtInt(data.movements.count)} movements`
      : `${data.data.length} rows of ${fmtInt(data.total)}`;
  };
  const timed = await timeCalls(app, token, calls, { warmup: WARMUP, runs: RUNS, describe });
  const first = timed.find((call) => call.name === 'list: first page');
  if (first?.result === '0 rows') throw new Error(`${first.url} found nothing`);
  return timed.map(({ report, list, baseline: _baseline, ...call }) => ({ ...call, kind: report ? 'report' : list ? 'list' : 'baseline' }));
}

/** A year of `size` movements, checkpointed and rolled up, then the tail: the state every size is timed in. */
async function seedHistory(db, size) {
  const seeding = {};
  let t0 = performance.now();
  await migrate(db);
  await seedDemo(db, { password: DEMO_PASSWORD, transactions: 100 });
  const [{ ms }] = await db.query('select (extract(epoch from now()) * 1000)::bigint as ms');
  const now = Number(ms);
  let reported = 0;
  const written = await writeLedgerHistory(db, {
    movements: size,
    from: new Date(now - 365 * DAY_MS),
    to: new Date(now - 10 * 60_000),
    seed: Number(args.seed),
    onProgress: (n) => {
      if (n - reported >= Math.max(50_000, size / 10)) {
        reported = n;
        log(`  ${fmtInt(n)} / ${fmtInt(size)} movements (${secondsSince(t0)} s)`);
      }
    },
  });
  seeding.history_s = secondsSince(t0);
  t0 = performance.now();
  await checkpointLedger(db);
  const rolled = await rollUpBalanceFully(db);
  seeding.rollups_s = secondsSince(t0);
  t0 = performance.now();
  await vacuumAnalyzeSchema(db);
  seeding.vacuum_analyze_s = secondsSince(t0);
  // Ten minutes that neither the checkpoint nor the rollups have reached: the tail every report reads.
  const tail = await writeLedgerHistory(db, {
    movements: TAIL,
    from: new Date(now - 10 * 60_000),
    to: new Date(now),
    seed: Number(args.seed) + 1,
    tag: 'T',
  });
  const [rollups] = await db.query('select count(*)::int as n from balance_rollups');
  log(
    `  ${fmtInt(written)} movements in ${seeding.history_s} s, rolled up in ${seeding.rollups_s} s (${fmtInt(rollups.n)} rollup rows), a tail of ${fmtInt(tail)}`,
  );
  return { now, movements: written + tail, rolled, rollup_rows: rollups.n, tail, seeding };
}

/** What a schema seeded by an earlier run holds; its `now` is its newest movement's time, the tail's end. */
async function seededBefore(db) {
  const [row] = await db.query(
    `select (extract(epoch from max(created_at)) * 1000)::bigint as ms, count(*)::int as movements,
            (select count(*)::int from balance_rollups) as rollup_rows from balance_transactions`,
  );
  return { now: Number(row.ms), movements: row.movements, rolled: null, rollup_rows: row.rollup_rows, tail: TAIL, seeding: {} };
}

async function benchOne(size) {
  const reuse = args.schema !== undefined;
  const keep = reuse
    ? { schema: args.schema, create: false, keep: true }
    : args['keep-schema']
      ? { schema: args['keep-schema'], keep: true }
      : {};
  const { db, label, version } = args.db === 'postgres' ? await openPostgres(args['database-url'], keep) : await openPglite();
  cleanups.push(() => db.close());
  log(`${reuse ? 'movements seeded before' : `${fmtInt(size)} movements`}: ${label}`);
  // A schema seeded before takes the migrations written since (the list's own, when comparing two versions).
  if (reuse) await migrate(db).then(() => db.exec('analyze'));
  const seeded = reuse ? await seededBefore(db) : await seedHistory(db, size);

  const app = await buildApp({ config: ephemeralConfig({ FRONTENDS_DIR: '/nonexistent' }), db });
  cleanups.push(() => app.close());
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@paydesk.test', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const calls = await callsFor(db, seeded.now);
  log(`  timing ${calls.length} calls, ${WARMUP} warm-up + ${RUNS} timed rounds`);
  const results = await measure(app, login.json().data.token, calls);
  await runCleanups();
  const { now: _now, ...figures } = seeded;
  return { size: reuse ? seeded.movements - seeded.tail : size, database: version, ...figures, calls: results };
}

function write(runs) {
  mkdirSync(resultsDir, { recursive: true });
  const v = verdicts(runs, REPORT_TARGET_MS);
  const report = {
    benchmark: 'bench/balance-history.mjs',
    command: `node --import tsx bench/balance-history.mjs ${process.argv.slice(2).join(' ')}`.trim(),
    measured_at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model ?? 'unknown',
      memory_gb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    method: `in-process app.inject, performance.now(); ${WARMUP} warm-up + ${RUNS} timed rounds; p95 nearest rank`,
    targets: `the report over a year under ${REPORT_TARGET_MS} ms and at most ×2 per 10x more movements; the movements list within the transaction list's p95`,
    verdicts: v,
    runs,
  };
  writeFileSync(join(resultsDir, 'balance-history.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(resultsDir, 'balance-history.md'), balanceMarkdown(report));
  return v;
}

const runs = [];
try {
  for (const size of sizes) {
    const run = await benchOne(size);
    runs.push(run);
    console.log(`\n${fmtInt(run.movements)} movements (${run.database}):`);
    console.log(textTable(callRows(run.calls), callsHead));
    // Written after each size, so that a long run stopped later keeps the sizes done.
    write(runs);
  }
} finally {
  await runCleanups();
}
const v = write(runs);
console.log(
  `\nFigures written to ${join(resultsDir, 'balance-history.json')} and .md. Report p95 ${v.report_p95_ms} ms (target < ${REPORT_TARGET_MS} ms)` +
    `${v.report_growth_per_tenfold === undefined ? '' : `, growth ×${v.report_growth_per_tenfold} per 10x`}; list p95 ${v.list_p95_ms} ms against the transaction list's ${v.transaction_list_p95_ms} ms (reported, not enforced).`,
);
