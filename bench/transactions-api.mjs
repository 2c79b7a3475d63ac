// Server time of the dashboard and transaction-list calls at scale (PERF-04, PERF-05).
//
//   npm run bench:transactions                      1,000,000 transactions, PostgreSQL and PGlite
//   npm run bench:transactions -- --transactions 100000 --db postgres
//
// Options: --transactions N (default 1000000), --db postgres|pglite|both (default both),
// --runs R (timed runs per call, default 30), --warmup W (default 3), --seed S (default 42),
// --database-url URL (default $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test),
// --keep-schema NAME (the PostgreSQL data goes into schema NAME and stays there, its demo
// accounts with the demo password, for bench/back-office-page.mjs --schema NAME to use and drop).
//
// Each database is fresh: a new schema bench_<random> on the PostgreSQL server, a new PGlite
// folder under bench/.work/; both are removed at the end. The data is the product's own: the
// demo accounts (seedDemo), then N generated transactions (transaction generator and writer, as
// `npm run seed` does) credited to the wallet ledger, then VACUUM ANALYZE (the steady state
// autovacuum reaches on PostgreSQL).
//
// Server time is measured in process: performance.now() around app.inject() on the real app
// (buildApp), so it covers routing, auth, validation, SQL and serialisation but no network.
// Calls run in rounds (every call once per round) so that noise from other work on the machine
// spreads over all calls. Figures: median, p95 (nearest rank), min and max per call.
// The target (PostgreSQL, p95 under 50 ms) is reported as PASS/FAIL; the exit code ignores it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app.ts';
import { ephemeralConfig } from '../server/src/ephemeral-config.ts';
import { DEMO_PASSWORD } from '../server/src/demo-password.ts';
import { cleanups, fmtInt, log, openPglite, openPostgres, runCleanups, secondsSince, seed } from './lib/scale-data.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const resultsDir = process.env.BENCH_RESULTS_DIR ?? join(benchDir, 'results');
const TARGET_MS = 50;
const ADMIN_EMAIL = 'admin@paydesk.test';
const DEMO_TRANSACTIONS = 100;

const { values: args } = parseArgs({
  options: {
    transactions: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '3' },
    seed: { type: 'string', default: '42' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    'keep-schema': { type: 'string' },
  },
});
const positiveInt = (name, min = 1) => {
  const n = Number(String(args[name]).replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}`);
  return n;
};
const N = positiveInt('transactions');
const RUNS = positiveInt('runs');
const WARMUP = positiveInt('warmup', 0);
const SEED = positiveInt('seed', 0);
const kinds = args.db === 'both' ? ['postgres', 'pglite'] : [args.db];
if (!kinds.every((k) => k === 'postgres' || k === 'pglite')) throw new Error('--db must be postgres, pglite or both');

/** The calls to time. Search terms come from a row in the middle of the table. */
async function callsFor(db, total) {
  const [sample] = await db.query('select transaction_id, email from transactions order by id offset $1 limit 1', [Math.floor(total / 2)]);
  // The local part as stored (often unique, e.g. `isaac.mensah20`) and without its number, which
  // every customer of that name shares: a few matches, and a few hundred at 1,000,000 rows.
  const emailFragment = sample.email.split('@')[0];
  const commonFragment = emailFragment.replace(/\d+$/, '');
  const lastPage = Math.max(1, Math.ceil(total / 100));
  const middlePage = Math.max(1, Math.ceil(lastPage / 2));
  const list = '/api/backend/all-transactions';
  return [
    { name: 'total-revenue', url: '/api/backend/total-revenue' },
    { name: 'total-transactions', url: '/api/backend/total-transactions' },
    { name: 'today-stats', url: '/api/backend/today-stats' },
    { name: 'wallet-balance', url: '/api/backend/wallet-balance' },
    { name: 'recent-transactions', url: '/api/backend/recent-transactions' },
    { name: 'chart-data 7days', url: '/api/backend/chart-data?range=7days' },
    { name: 'chart-data 12months', url: '/api/backend/chart-data?range=12months' },
    { name: 'list: first page', url: `${list}?page=1&per_page=10` },
    { name: `list: page ${middlePage} x 100`, url: `${list}?page=${middlePage}&per_page=100` },
    { name: `list: last page ${lastPage} x 100`, url: `${list}?page=${lastPage}&per_page=100` },
    { name: 'list: status=failed', url: `${list}?page=1&per_page=10&status=failed` },
    {
      name: 'list: search e-mail fragment',
      url: `${list}?page=1&per_page=10&search=${encodeURIComponent(emailFragment)}`,
      term: emailFragment,
    },
    {
      name: 'list: search common e-mail fragment',
      url: `${list}?page=1&per_page=10&search=${encodeURIComponent(commonFragment)}`,
      term: commonFragment,
    },
    {
      name: 'list: search transaction id',
      url: `${list}?page=1&per_page=10&search=${encodeURIComponent(sample.transaction_id)}`,
      term: sample.transaction_id,
    },
  ];
}

function summarise(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  const round = (ms) => Math.round(ms * 100) / 100;
  const median =
    sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  return { median_ms: round(median), p95_ms: round(at(0.95)), min_ms: round(sorted[0]), max_ms: round(sorted.at(-1)) };
}

async function measure(app, token, calls) {
  const headers = { authorization: `Bearer ${token}` };
  const inject = async (call) => {
    const t0 = performance.now();
    const response = await app.inject({ method: 'GET', url: call.url, headers });
    const ms = performance.now() - t0;
    if (response.statusCode !== 200) throw new Error(`${call.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    return { ms, body: response.json() };
  };
  // What each call returned, once: proves the call did the work (rows on the deep pages, matches).
  for (const call of calls) {
    const { body } = await inject(call);
    const data = body.data;
    call.result = Array.isArray(data)
      ? `${data.length} items`
      : Array.isArray(data?.data)
        ? `${data.data.length} ${data.data.length === 1 ? 'row' : 'rows'} of ${fmtInt(data.total)}`
        : 'object';
    if (Array.isArray(data?.data) && data.data.length === 0) throw new Error(`${call.url} returned no rows`);
  }
  for (let round = 0; round < WARMUP; round += 1) for (const call of calls) await inject(call);
  const samples = new Map(calls.map((c) => [c, []]));
  for (let round = 0; round < RUNS; round += 1) {
    for (const call of calls) samples.get(call).push((await inject(call)).ms);
  }
  return calls.map((call) => ({
    name: call.name,
    url: call.url,
    result: call.result,
    ...(call.term ? { term: call.term } : {}),
    ...summarise(samples.get(call)),
  }));
}

async function benchOne(kind) {
  log(`${kind}: opening a fresh database`);
  const keep = args['keep-schema'] ? { schema: args['keep-schema'], keep: true } : {};
  const { db, label, version } = kind === 'postgres' ? await openPostgres(args['database-url'], keep) : await openPglite();
  cleanups.push(() => db.close());
  log(`${kind}: ${label}; seeding ${fmtInt(N)} transactions`);
  // A kept schema is served later by the product in demo mode, whose sign-in expects the demo password.
  const password = args['keep-schema'] ? (process.env.DEMO_PASSWORD ?? DEMO_PASSWORD) : `Bench-${randomBytes(6).toString('hex')}-9`;
  const t0 = performance.now();
  const seeding = await seed(db, { password, count: N, seed: SEED, demoTransactions: DEMO_TRANSACTIONS });
  seeding.total_s = secondsSince(t0);
  const [{ count }] = await db.query('select count(*)::bigint as count from transactions');
  log(`${kind}: seeded ${fmtInt(count)} rows in ${seeding.total_s} s (${JSON.stringify(seeding)})`);

  const app = await buildApp({ config: ephemeralConfig(), db });
  cleanups.push(() => app.close());
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const token = login.json().data.token;

  const calls = await callsFor(db, count);
  log(`${kind}: timing ${calls.length} calls, ${WARMUP} warm-up + ${RUNS} timed rounds`);
  const results = await measure(app, token, calls);
  await runCleanups();
  return { database: version, transactions: count, seeding, calls: results };
}

function table(kind, result) {
  const rows = result.calls.map((c) => [
    c.name,
    c.median_ms.toFixed(1),
    c.p95_ms.toFixed(1),
    `${c.min_ms.toFixed(1)}–${c.max_ms.toFixed(1)}`,
    kind === 'postgres' ? (c.p95_ms < TARGET_MS ? 'PASS' : 'FAIL') : c.p95_ms < TARGET_MS ? 'under 50' : 'over 50',
    c.term ? `${c.result} for "${c.term}"` : c.result,
  ]);
  const head = ['call', 'median ms', 'p95 ms', 'min–max ms', kind === 'postgres' ? `p95 < ${TARGET_MS} ms` : '(no target)', 'returned'];
  return [head, ...rows];
}

const printTable = ([head, ...rows]) => {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r) => r.map((cell, i) => (i > 0 && i < 4 ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
};

const markdownTable = ([head, ...rows]) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map((_, i) => (i > 0 && i < 4 ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

function writeResults(results) {
  mkdirSync(resultsDir, { recursive: true });
  const jsonFile = join(resultsDir, 'transactions-api.json');
  // A run of one database keeps the other database's figures from an earlier run.
  let previous = {};
  try {
    previous = JSON.parse(readFileSync(jsonFile, 'utf8')).databases ?? {};
  } catch {
    // No earlier run (or an unreadable one): nothing to keep.
  }
  const report = {
    benchmark: 'bench/transactions-api.mjs',
    command: `node --import tsx bench/transactions-api.mjs ${process.argv.slice(2).join(' ')}`.trim(),
    measured_at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu_model: cpus()[0]?.model ?? 'unknown',
      memory_gb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    method: `in-process app.inject, performance.now(); ${WARMUP} warm-up + ${RUNS} timed rounds; p95 nearest rank`,
    target: `PostgreSQL: every call p95 < ${TARGET_MS} ms`,
    databases: { ...previous, ...results },
  };
  writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);

  const sections = Object.entries(report.databases).map(([kind, r]) => {
    const s = r.seeding;
    return [
      `### ${r.database}: ${fmtInt(r.transactions)} transactions`,
      '',
      `Measured ${r.measured_at ?? report.measured_at}. Seeding: ${s.transactions_s} s for the transactions, ${s.ledger_s} s for the ledger, ${s.vacuum_analyze_s} s VACUUM ANALYZE (${s.total_s} s in all).`,
      '',
      markdownTable(table(kind, r)),
    ].join('\n');
  });
  const md = [
    '## Transactions API at scale',
    '',
    `Server time of the dashboard and transaction-list calls, measured by \`npm run bench:transactions\` (${report.method}; ${report.machine.cpus} CPUs, Node ${report.machine.node}). Target: ${report.target}.`,
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
  writeFileSync(join(resultsDir, 'transactions-api.md'), md);
  return jsonFile;
}

const results = {};
try {
  for (const kind of kinds) {
    const result = await benchOne(kind);
    results[kind] = { ...result, measured_at: new Date().toISOString() };
    console.log(`\n${result.database}, ${fmtInt(result.transactions)} transactions (seeding ${result.seeding.total_s} s):`);
    printTable(table(kind, result));
    console.log('');
    // Written after each database, so a long run stopped during the second keeps the first.
    writeResults({ [kind]: results[kind] });
  }
} finally {
  await runCleanups();
}
const file = join(resultsDir, 'transactions-api.json');
const missed = (results.postgres?.calls ?? []).filter((c) => c.p95_ms >= TARGET_MS).map((c) => c.name);
console.log(
  `Figures written to ${file} and transactions-api.md.${results.postgres ? ` PostgreSQL target: ${missed.length === 0 ? 'every call PASS' : `FAIL for ${missed.join(', ')}`} (reported, not enforced).` : ''}`,
);
