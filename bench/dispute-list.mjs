// The dispute list at scale (DSP-14): its pages and filters at 1,000,000 transactions and 100,000
// disputes, beside the transaction list of the same database, which it is held to.
//
//   npm run bench:disputes                                   1,000,000 transactions, 100,000 disputes
//   npm run bench:disputes -- --transactions 100000 --disputes 10000 --runs 20
//
// Options: --transactions N (default 1000000), --disputes D (default 100000), --runs R (timed
// rounds, default 100), --warmup W (default 3), --seed S (default 42), --database-url URL (default
// $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test), --keep-schema NAME (seed into
// schema NAME and leave it), --schema NAME (time a schema seeded before with --keep-schema,
// seeding nothing; it stays too).
//
// The data: the transactions benchmark's (bench/lib/scale-data.mjs: the demo accounts, N generated
// transactions credited to the ledger), then D disputes on as many of its successful payments,
// each opened up to 30 days after its payment: those of the last three weeks still open (waiting
// for an answer or under review, a tenth of them inquiries), the older ones won, lost or inquiries
// closed; the payments of the open and the lost ones are `disputed`, as the service leaves them.
// Then VACUUM ANALYZE. The disputes' ledger postings are not written: the list does not read them.
// Timed in process as the other scale benchmarks (bench/lib/inject-timing.mjs), as an admin under
// /api/backend: the list's first page, the next, a page half-way down, a common and a rare status,
// one day; and the transaction list's first and next page, a page half-way down and a status filter,
// so that each list is timed on the same kinds of pages.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { DEMO_PASSWORD } from '../server/src/demo-password.ts';
import { ephemeralConfig } from '../server/src/ephemeral-config.ts';
import { markdownTable, textTable, timeCalls } from './lib/inject-timing.mjs';
import { cleanups, fmtInt, log, openPostgres, runCleanups, secondsSince, seed } from './lib/scale-data.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const resultsDir = process.env.BENCH_RESULTS_DIR ?? join(benchDir, 'results');
const DAY_MS = 86_400_000;
const PAGE = 25;

const { values: args } = parseArgs({
  options: {
    transactions: { type: 'string', default: '1000000' },
    disputes: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '3' },
    seed: { type: 'string', default: '42' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    'keep-schema': { type: 'string' },
    schema: { type: 'string' },
  },
});
const whole = (name, min) => {
  const n = Number(String(args[name]).replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}`);
  return n;
};
const TRANSACTIONS = whole('transactions', 1000);
const DISPUTES = whole('disputes', 100);
const RUNS = whole('runs', 1);
const WARMUP = whole('warmup', 0);
if (DISPUTES > TRANSACTIONS / 2) throw new Error('--disputes must be at most half of --transactions');

/**
 * D disputes on as many successful payments, chosen at random (by the seed), each opened up to 30
 * days after its payment and never in the future; every column as the service would leave it,
 * within the checks of migration 036.
 */
async function seedDisputes(db, count, prngSeed) {
  await db.query('select setseed($1)', [(prngSeed % 1000) / 1000]);
  await db.exec(`create temporary table bench_disputed as
    select t.transaction_id, t.status as payment_status, t.amount_cents - t.refunded_cents as amount_cents,
           least(t.created_at + random() * interval '30 days', now() - interval '1 minute') as opened, random() as r
      from transactions t
     where t.status in ('completed', 'success') and t.refunded_cents < t.amount_cents
     order by md5(t.transaction_id || '${Number(prngSeed)}') limit ${Number(count)}`);
  await db.exec(`insert into disputes (id, transaction_id, amount_cents, fee_cents, reason, status, evidence, submission_count,
                     submitted_at, due_by, decision, decide_at, payment_status, opened_via, created_at, updated_at, closed_at)
    select 'dp_' || substr(md5(b.transaction_id), 1, 24), b.transaction_id, b.amount_cents,
           case when s.status like 'warning%' then 0 else 1500 end,
           (array['fraudulent', 'duplicate', 'product_not_received', 'product_unacceptable', 'subscription_canceled',
                  'credit_not_processed', 'general'])[1 + floor(b.r * 7)::int],
           s.status,
           case when s.submitted then '{"uncategorized_text": "Delivered and signed for."}'::jsonb else '{}'::jsonb end,
           case when s.submitted then 1 else 0 end,
           case when s.submitted then b.opened + interval '3 days' end,
           b.opened + interval '21 days',
           case when s.status in ('under_review', 'warning_under_review') then 'won' when s.status = 'won' then 'won'
                when s.status = 'lost' then 'lost' end,
           case when s.status in ('under_review', 'warning_under_review') then b.opened + interval '30 days' end,
           b.payment_status, 'sandbox', b.opened,
           case when s.closed then b.opened + interval '25 days' else b.opened + interval '3 days' end,
           case when s.closed then b.opened + interval '25 days' end
      from bench_disputed b
      cross join lateral (
        select st.status, st.status in ('won', 'lost', 'warning_closed') as closed,
               st.status not in ('needs_response', 'warning_needs_response', 'warning_closed') as submitted
          from (select case
                  when b.opened > now() - interval '21 days' then
                    case when b.r < 0.05 then 'warning_needs_response' when b.r < 0.1 then 'warning_under_review'
                         when b.r < 0.6 then 'needs_response' else 'under_review' end
                  else case when b.r < 0.1 then 'warning_closed' when b.r < 0.5 then 'won' else 'lost' end
                end as status) st) s`);
  // The payment stays disputed while its dispute is open and after it was lost (docs/decisions/disputes.md).
  await db.exec(`update transactions t set status = 'disputed' from disputes d
     where d.transaction_id = t.transaction_id and d.status not in ('won', 'warning_closed')`);
  await db.exec('drop table bench_disputed');
}

/** The calls to time, from the data: a day thirty days back, a page half-way down each list. */
async function callsFor(db) {
  const [{ n }] = await db.query('select count(*)::int as n from disputes');
  const [{ payments }] = await db.query('select count(*)::int as payments from transactions');
  const day = new Date(Date.now() - 30 * DAY_MS).toISOString().slice(0, 10);
  const list = '/api/backend/disputes';
  const transactions = '/api/backend/all-transactions';
  return [
    { name: 'disputes: first page', url: `${list}?page=1&limit=${PAGE}`, kind: 'disputes' },
    { name: 'disputes: next page', url: `${list}?page=2&limit=${PAGE}`, kind: 'disputes' },
    { name: 'disputes: half-way down', url: `${list}?page=${Math.max(1, Math.floor(n / PAGE / 2))}&limit=${PAGE}`, kind: 'disputes' },
    { name: 'disputes: status lost (common)', url: `${list}?page=1&limit=${PAGE}&status=lost`, kind: 'disputes' },
    { name: 'disputes: status needs_response (rare)', url: `${list}?page=1&limit=${PAGE}&status=needs_response`, kind: 'disputes' },
    { name: 'disputes: one day', url: `${list}?page=1&limit=${PAGE}&from=${day}&to=${day}`, kind: 'disputes' },
    { name: 'transaction list: first page', url: `${transactions}?page=1&per_page=${PAGE}`, kind: 'baseline' },
    { name: 'transaction list: next page', url: `${transactions}?page=2&per_page=${PAGE}`, kind: 'baseline' },
    {
      name: 'transaction list: half-way down',
      url: `${transactions}?page=${Math.max(1, Math.floor(payments / PAGE / 2))}&per_page=${PAGE}`,
      kind: 'baseline',
    },
    { name: 'transaction list: status failed', url: `${transactions}?page=1&per_page=${PAGE}&status=failed`, kind: 'baseline' },
  ];
}

async function run() {
  const reuse = args.schema !== undefined;
  const { db, label, version, schema } = await openPostgres(args['database-url'], {
    ...(reuse ? { schema: args.schema, create: false, keep: true } : {}),
    ...(args['keep-schema'] ? { schema: args['keep-schema'], keep: true } : {}),
  });
  cleanups.push(() => db.close());
  log(`${fmtInt(TRANSACTIONS)} transactions, ${fmtInt(DISPUTES)} disputes: ${label}`);
  const seeding = {};
  // A schema seeded before takes the migrations written since (the list's own, when comparing two versions).
  if (reuse) await migrate(db).then(() => db.exec('analyze'));
  if (!reuse) {
    Object.assign(
      seeding,
      await seed(db, { password: DEMO_PASSWORD, count: TRANSACTIONS, seed: Number(args.seed), demoTransactions: 100 }),
    );
    const t0 = performance.now();
    await seedDisputes(db, DISPUTES, Number(args.seed));
    await db.exec('vacuum analyze disputes');
    await db.exec('vacuum analyze transactions');
    seeding.disputes_s = secondsSince(t0);
    log(`  ${fmtInt(DISPUTES)} disputes in ${seeding.disputes_s} s`);
  }
  const [counts] = await db.query(
    'select (select count(*) from transactions)::int as transactions, (select count(*) from disputes)::int as disputes',
  );
  const app = await buildApp({ config: ephemeralConfig({ FRONTENDS_DIR: '/nonexistent' }), db });
  cleanups.push(() => app.close());
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@paydesk.test', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const calls = await callsFor(db);
  log(`  timing ${calls.length} calls, ${WARMUP} warm-up + ${RUNS} timed rounds (schema ${schema})`);
  const timed = await timeCalls(app, login.json().data.token, calls, {
    warmup: WARMUP,
    runs: RUNS,
    describe: (body) => `${body.data.data.length} rows of ${fmtInt(body.data.total)}`,
  });
  if (timed[0].result.startsWith('0 rows')) throw new Error(`${timed[0].url} found nothing`);
  await runCleanups();
  return { database: version, transactions: counts.transactions, disputes: counts.disputes, seeding, calls: timed };
}

function write(r) {
  mkdirSync(resultsDir, { recursive: true });
  const worst = (kind) => Math.max(...r.calls.filter((c) => c.kind === kind).map((c) => c.p95_ms));
  const verdicts = { dispute_list_p95_ms: worst('disputes'), transaction_list_p95_ms: worst('baseline') };
  verdicts.within_transaction_list = verdicts.dispute_list_p95_ms <= verdicts.transaction_list_p95_ms;
  const method = `in-process app.inject, performance.now(); ${WARMUP} warm-up + ${RUNS} timed rounds; p95 nearest rank`;
  const report = {
    benchmark: 'bench/dispute-list.mjs',
    command: `node --import tsx bench/dispute-list.mjs ${process.argv.slice(2).join(' ')}`.trim(),
    measured_at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model ?? 'unknown',
      memory_gb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    method,
    target: "the dispute list's worst p95 within the transaction list's worst p95, same run, same database",
    verdicts,
    run: r,
  };
  writeFileSync(join(resultsDir, 'dispute-list.json'), `${JSON.stringify(report, null, 2)}\n`);
  const rows = r.calls.map((c) => [
    c.name,
    c.median_ms.toFixed(1),
    c.p95_ms.toFixed(1),
    `${c.min_ms.toFixed(1)}–${c.max_ms.toFixed(1)}`,
    c.result,
  ]);
  const head = ['call', 'median ms', 'p95 ms', 'min–max ms', 'returned'];
  writeFileSync(
    join(resultsDir, 'dispute-list.md'),
    [
      '## The dispute list at scale',
      '',
      `Measured by \`npm run bench:disputes\` (${method}; ${report.machine.cpus} CPUs, Node ${report.machine.node}), ${fmtInt(r.transactions)} transactions and ${fmtInt(r.disputes)} disputes on ${r.database}. Target: ${report.target}.`,
      '',
      `The dispute list's worst p95 ${verdicts.dispute_list_p95_ms} ms against the transaction list's ${verdicts.transaction_list_p95_ms} ms (${verdicts.within_transaction_list ? 'PASS' : 'over'}).`,
      '',
      markdownTable(rows, head),
      '',
    ].join('\n'),
  );
  console.log(`\n${textTable(rows, head)}\n`);
  return verdicts;
}

try {
  const v = write(await run());
  console.log(
    `Figures written to ${join(resultsDir, 'dispute-list.json')} and .md. Dispute list p95 ${v.dispute_list_p95_ms} ms against the transaction list's ${v.transaction_list_p95_ms} ms (reported, not enforced).`,
  );
} finally {
  await runCleanups();
}
