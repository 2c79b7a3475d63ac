// Payment API under load (PERF-07 to PERF-09): one real server process on a fresh PostgreSQL
// database, autocannon on loopback, and pgbench replaying the same payment's SQL beside it.
//
//   npm run bench:payments                                 3 rounds of 15 s
//   npm run bench:payments -- --seconds 5 --rounds 1 --history 20000 --sweep none
//                                                          (what `npm run bench -- --quick` runs)
//
// Options: --seconds S per load run (default 15), --rounds R (default 3), --history N past
// transactions in the database before the load (default 100000), --connections C payers at
// once and pgbench clients (default 32: below, the ceiling), --sweep LIST (payer counts measured
// once each after the rounds, server and pgbench alike; default 10,20,32,64, `none` for none),
// --addresses per-payment|one (default per-payment), --profile (CPU profile of the server during the
// runs, under bench/.work/), --redis URL (the rate-limit counters in Redis instead of PostgreSQL,
// under a key prefix of the run's own), --database-url URL (default $BENCH_DATABASE_URL or the
// local server).
//
// The database starts with N past transactions (the product's generator, credited to the wallet
// ledger, VACUUM ANALYZE: bench/lib/scale-data.mjs) and their initialisations, as a live database
// has: on an empty one the ledger's balance check plans a scan of every entry (cheap only while
// the ledger is small), so each round would be slower than the one before, and the first
// connections' prepared statements keep a plan for an empty card_initializations.
//
// What each figure is:
// - payments/s: complete payments (initialise, then process with the sealed envelope, answered
//   "Payment successful") a second, C payers paying back to back (autocannon, closed loop);
//   p50/p99 of a whole payment (both calls, the client's sealing included).
// - database ceiling: pgbench running the SQL one payment runs (captured from the real app on
//   this database; bench/lib/payment-sql.mjs) with C clients, as many seconds, in the same round;
//   the ratio payments/s ÷ that is what the server leaves of the database's capacity. A ceiling
//   is the most the database does, so C is where pgbench's replay peaks on these machines: about
//   32 clients (10: 2,300 a second, 20: 2,690, 32: 2,770, 64: 2,450 on a machine whose pgbench
//   TPC-B ran 2,316 tps). With 10, neither side is at its ceiling; the sweep shows both at every
//   count.
// - sweep: one run of SWEEP_SECONDS per payer count, pgbench with as many clients right before.
// - half load: payments started at a fixed rate of half the payments/s of the same round, right
//   after it (open loop, latency from each payment's scheduled start); then pgbench at the same
//   rate (-R), latency from the scheduled start too: the database's own tail at that load.
// - checkout validation: GET /api/checkout/validate/{reference}, C clients back to back.
// - per payment: CPU time of the server, the load generator and PostgreSQL (from /proc), at full
//   and half load, and the statements PostgreSQL ended (pg_stat_database), under the server and
//   under pgbench. pgbench's TPC-B-like script runs last, as a yardstick of the machine.
// The server is started with the per-address payment limit raised (PAYMENT_RATE_LIMIT_PER_MINUTE
// and every other *_RATE_LIMIT_* variable of server/src/config-schema.ts set to its maximum), and by
// default each payment comes from its own address (X-Forwarded-For, the server trusting
// 127.0.0.1), as payers do; `--addresses one` sends everything from 127.0.0.1.
// Targets (reported, never enforced): >= 1,000 payments/s, >= 0.5 of the database ceiling,
// p99 < 50 ms at half load.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openPostgresDb } from '../server/src/db/postgres-db.ts';
import { defaultDatabaseUrl, freshDatabase } from './lib/databases.mjs';
import { closedLoop, getLoop, openLoop } from './lib/payment-load.mjs';
import { databaseCommits, perPayment, postgresCpuMs, serverCpuMs } from './lib/payment-costs.mjs';
import { paymentMarkdown, summarizePayments } from './lib/payment-markdown.mjs';
import { capturePayment, pgbenchScript, runPgbench, runTpcb } from './lib/payment-sql.mjs';
import { sampleWaits } from './lib/pg-waits.mjs';
import { startProduct } from './lib/product.mjs';
import { raisedRateLimits } from './lib/server-settings.mjs';
import { cleanups, seed } from './lib/scale-data.mjs';
import { topCosts } from './lib/profile.mjs';
import { fmtInt, log } from './lib/stats.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const resultsDir = process.env.BENCH_RESULTS_DIR ?? join(benchDir, 'results');
const workDir = join(benchDir, '.work');
const TARGETS = { payments_per_s: 1000, ratio: 0.5, half_load_p99_ms: 50 };

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '3' },
    history: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '32' },
    sweep: { type: 'string', default: '10,20,32,64' },
    addresses: { type: 'string', default: 'per-payment' },
    profile: { type: 'boolean', default: false },
    redis: { type: 'string' },
    'database-url': { type: 'string', default: defaultDatabaseUrl() },
  },
});
const SECONDS = Number(args.seconds);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const HISTORY = Number(args.history.replace(/[_,]/g, ''));
if (![SECONDS, ROUNDS, CONNECTIONS, HISTORY + 1].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('--seconds, --rounds, --connections and --history must be positive integers');
if (!['per-payment', 'one'].includes(args.addresses)) throw new Error('--addresses must be per-payment or one');
const SWEEP = args.sweep === 'none' ? [] : args.sweep.split(',').map(Number);
if (!SWEEP.every((n) => Number.isInteger(n) && n > 0)) throw new Error('--sweep must be payer counts separated by commas, or none');
const SWEEP_SECONDS = 8;

const rateLimits = raisedRateLimits();
const secretKey = `sk_bench_${randomBytes(16).toString('hex')}`;
// The server's keys are given, not generated, so that the in-process capture has the same configuration.
const env = {
  PAYDESK_MODE: 'demo',
  AUTH_SECRET: randomBytes(32).toString('hex'),
  CARD_ENVELOPE_KEY: randomBytes(32).toString('hex'),
  FINGERPRINT_KEY: randomBytes(32).toString('hex'),
  CARD_STORAGE_KEY: randomBytes(32).toString('hex'),
  WEBHOOK_SECRETS_KEY: randomBytes(32).toString('hex'),
  SECRET_KEY: secretKey,
  ...rateLimits,
  ...(args.addresses === 'per-payment' ? { TRUST_PROXY: '127.0.0.1' } : {}),
  ...(args.redis ? { REDIS_URL: args.redis, REDIS_KEY_PREFIX: `paydesk-bench-${randomBytes(4).toString('hex')}:` } : {}),
};
const profileDir = join(workDir, `profile-${Date.now()}`);

log(
  `Payment API: ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} payers, addresses ${args.addresses}, rate-limit counters in ${args.redis ? 'Redis' : 'PostgreSQL'}; server limits raised: ${Object.entries(
    rateLimits,
  )
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')}`,
);
mkdirSync(workDir, { recursive: true });
const database = await freshDatabase('postgres', args['database-url']);
cleanups.push(() => database.drop());
if (HISTORY > 0) {
  log(`Seeding ${fmtInt(HISTORY)} past transactions`);
  const history = await openPostgresDb(database.url);
  await seed(history, { password: `Bench-${randomBytes(6).toString('hex')}-7`, count: HISTORY, seed: 42, demoTransactions: 100 });
  // Each past payment began with its card's initialisation, as in a live database (the generated
  // history repeats an order id now and then: one each). On an empty table the first payments'
  // prepared statements would keep a plan made for an empty table (a scan) until autovacuum's
  // next analyze, a minute later, made them plan again.
  await history.query(
    `insert into card_initializations (transaction_id, order_id, checkout_reference, card_fingerprint, card_brand, last_four, recommendation)
     select transaction_id, order_id, checkout_reference, card_fingerprint, card_brand, last_four, 'PROCEED' from transactions
     on conflict do nothing`,
  );
  await history.exec('vacuum analyze card_initializations');
  // The seed's pages written out now, not by a checkpoint in the middle of a measurement (needs a superuser or pg_checkpoint).
  await history
    .exec('checkpoint')
    .catch((error) => log(`CHECKPOINT refused (${error.message}): the first round may meet the seed's checkpoint`));
  await history.close();
}
// pg_stat_database's counts, read on a connection of its own (closed before the database is dropped).
const stats = await openPostgresDb(database.url, { max: 1 });
let statsClosed;
const closeStats = () => (statsClosed ??= stats.close());
cleanups.push(closeStats);
const product = await startProduct(
  { ...database.env, ...env },
  { build: false, nodeArgs: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [] },
);
// Ctrl-C runs the cleanups (scale-data.mjs): the server first, then its database.
cleanups.push(async () => product.stop());
const results = { rounds: [], half_load: [], database_half_load: [], sweep: [], validation: [] };
let statements;
try {
  const base = product.baseUrl;
  const { data: config } = await (await fetch(`${base}/api/public/config`)).json();
  const keys = { publishableKey: config.publishableKey, envelopeKey: config.envelopeKey, addresses: args.addresses };
  const checkout = await fetch(`${base}/api/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101', amount: 25 }),
  });
  const { reference } = (await checkout.json()).data;

  const captured = await capturePayment({
    env,
    databaseUrl: database.url,
    address: args.addresses === 'per-payment' ? '10.200.0.1' : undefined,
  });
  const replay = pgbenchScript(captured);
  statements = captured.statements.map((s) => s.sql.replace(/\s+/g, ' '));
  log(`One payment runs ${statements.length} statements (BEGIN and COMMIT included); pgbench replays them`);

  // The server has served nothing yet (the capture ran in this process): JIT and pools warm up first.
  await closedLoop({ baseUrl: base, connections: CONNECTIONS, seconds: 1, warmup: Math.min(4, SECONDS), ...keys });

  for (let round = 1; round <= ROUNDS; round += 1) {
    const postgresBefore = postgresCpuMs();
    const commitsBefore = await databaseCommits(stats);
    const pgbench = await sampleWaits(
      database.url,
      () =>
        runPgbench({
          databaseUrl: database.url,
          scriptFile: join(workDir, 'payment.pgbench.sql'),
          ...replay,
          clients: CONNECTIONS,
          seconds: SECONDS,
          base: round * 1e12,
        }),
      { pgbench: true },
    );
    const db = {
      ...pgbench.result,
      waits: pgbench.waits,
      postgres_cpu_ms_per_payment: perPayment(postgresCpuMs() - postgresBefore, pgbench.result.processed),
      statements_per_payment: perPayment((await databaseCommits(stats)) - commitsBefore, pgbench.result.processed),
    };
    const cpuBefore = [serverCpuMs(product.pid), process.cpuUsage(), postgresCpuMs(), await databaseCommits(stats)];
    const load = await sampleWaits(database.url, () => closedLoop({ baseUrl: base, connections: CONNECTIONS, seconds: SECONDS, ...keys }));
    const http = { ...load.result, waits: load.waits };
    // CPU time per payment (warm-up included in both counts): the server's, and this load generator's.
    const paid = http.http.statuses[200] ?? 1;
    http.server_cpu_ms_per_payment = perPayment(serverCpuMs(product.pid) - cpuBefore[0], paid);
    http.postgres_cpu_ms_per_payment = perPayment(postgresCpuMs() - cpuBefore[2], paid);
    http.statements_per_payment = perPayment((await databaseCommits(stats)) - cpuBefore[3], paid);
    const client = process.cpuUsage(cpuBefore[1]);
    http.client_cpu_ms_per_payment = Math.round(((client.user + client.system) / 1000 / paid) * 100) / 100;
    if (http.failures > 0) throw new Error(`${http.failures} payments failed, the first: ${http.first_failure}`);
    results.rounds.push({ database: db, http, ratio: Math.round((http.payments_per_s / db.payments_per_s) * 100) / 100 });
    log(
      `round ${round}: ${fmtInt(http.payments_per_s)} payments/s (p50 ${http.p50_ms} ms, p99 ${http.p99_ms} ms; CPU per payment: server ${http.server_cpu_ms_per_payment} ms, load generator ${http.client_cpu_ms_per_payment} ms, PostgreSQL ${http.postgres_cpu_ms_per_payment} ms, under pgbench ${db.postgres_cpu_ms_per_payment} ms; statements per payment ${http.statements_per_payment}, under pgbench ${db.statements_per_payment}); pgbench ${fmtInt(db.payments_per_s)} payments/s; ratio ${results.rounds.at(-1).ratio}`,
    );
    // Half of what the server just did, right after it: the machine's speed drifts between rounds.
    const halfBefore = postgresCpuMs();
    const half = await openLoop({ baseUrl: base, rate: Math.max(1, Math.round(http.payments_per_s / 2)), seconds: SECONDS, ...keys });
    if (half.failures > 0) throw new Error(`${half.failures} payments failed at half load, the first: ${half.first_failure}`);
    half.postgres_cpu_ms_per_payment = perPayment(postgresCpuMs() - halfBefore, half.statuses[200]);
    results.half_load.push(half);
    // The database alone at that rate, right after: the tail the server cannot be below.
    const dbHalfBefore = postgresCpuMs();
    const dbHalf = await runPgbench({
      databaseUrl: database.url,
      scriptFile: join(workDir, 'payment.pgbench.sql'),
      ...replay,
      clients: CONNECTIONS,
      seconds: SECONDS,
      base: round * 1e12 + 5e11,
      rate: half.rate,
    });
    dbHalf.postgres_cpu_ms_per_payment = perPayment(postgresCpuMs() - dbHalfBefore, dbHalf.processed);
    results.database_half_load.push(dbHalf);
    log(
      `round ${round}, half load ${half.rate}/s: p50 ${half.p50_ms} ms, p99 ${half.p99_ms} ms, PostgreSQL CPU per payment ${half.postgres_cpu_ms_per_payment} ms; pgbench at that rate: p50 ${dbHalf.p50_ms} ms, p99 ${dbHalf.p99_ms} ms, PostgreSQL CPU per payment ${dbHalf.postgres_cpu_ms_per_payment} ms`,
    );
  }
  for (const payers of SWEEP) {
    const replayed = await runPgbench({
      databaseUrl: database.url,
      scriptFile: join(workDir, 'payment.pgbench.sql'),
      ...replay,
      clients: payers,
      seconds: SWEEP_SECONDS,
      base: (1000 + payers) * 1e12,
    });
    const paid = await closedLoop({ baseUrl: base, connections: payers, seconds: SWEEP_SECONDS, ...keys });
    if (paid.failures > 0) throw new Error(`${paid.failures} payments failed with ${payers} payers, the first: ${paid.first_failure}`);
    const ratio = Math.round((paid.payments_per_s / replayed.payments_per_s) * 100) / 100;
    results.sweep.push({
      payers,
      payments_per_s: paid.payments_per_s,
      p50_ms: paid.p50_ms,
      p99_ms: paid.p99_ms,
      database_payments_per_s: replayed.payments_per_s,
      ratio,
    });
    log(
      `${payers} payers: ${fmtInt(paid.payments_per_s)} payments/s (p50 ${paid.p50_ms} ms, p99 ${paid.p99_ms} ms); pgbench, ${payers} clients: ${fmtInt(replayed.payments_per_s)} payments/s; ratio ${ratio}`,
    );
  }
  for (let round = 1; round <= ROUNDS; round += 1) {
    const run = await getLoop({
      baseUrl: base,
      path: `/api/checkout/validate/${reference}`,
      headers: { authorization: `Bearer ${config.publishableKey}` },
      connections: CONNECTIONS,
      seconds: Math.max(Math.min(5, SECONDS), Math.round(SECONDS / 2)),
      addresses: args.addresses,
    });
    if (run.non2xx > 0 || run.errors > 0) throw new Error(`checkout validation: ${run.non2xx} non-2xx answers, ${run.errors} errors`);
    results.validation.push(run);
    log(`checkout validation, round ${round}: ${fmtInt(run.requests_per_s)} requests/s, p50 ${run.p50_ms} ms, p99 ${run.p99_ms} ms`);
  }
  // The yardstick last: its tables and their vacuuming would otherwise weigh on the first round.
  // 16 clients for 5 s; fewer and shorter only in runs too small to measure anything (the smoke run).
  results.tpcb = await runTpcb({ databaseUrl: database.url, clients: Math.min(16, CONNECTIONS), seconds: Math.min(5, SECONDS) });
  log(
    `pgbench TPC-B-like, ${results.tpcb.clients} clients, ${results.tpcb.seconds} s: ${fmtInt(results.tpcb.tps)} tps (reference: about 3,200 at 16 clients for 5 s on a machine of this kind)`,
  );
} finally {
  product.stop();
  await closeStats();
  await new Promise((r) => setTimeout(r, args.profile ? 3000 : 500));
  await database.drop();
}

const { summary, verdicts } = summarizePayments(results, TARGETS);
const profile = args.profile ? topCosts(profileDir) : undefined;
const lines = paymentMarkdown({
  run: {
    history: HISTORY,
    rounds: ROUNDS,
    seconds: SECONDS,
    connections: CONNECTIONS,
    sweepSeconds: SWEEP_SECONDS,
    addresses: args.addresses,
    redis: args.redis,
    rateLimits,
  },
  targets: TARGETS,
  summary,
  verdicts,
  results,
  statements,
  profile,
});
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'payment-api.md'), `${lines.join('\n')}\n`);
writeFileSync(
  join(resultsDir, 'payment-api.json'),
  `${JSON.stringify(
    {
      benchmark: 'bench/payment-api.mjs',
      measured_at: new Date().toISOString(),
      rounds: ROUNDS,
      seconds: SECONDS,
      history: HISTORY,
      connections: CONNECTIONS,
      sweep_seconds: SWEEP_SECONDS,
      addresses: args.addresses,
      redis: args.redis ?? null,
      rate_limits: rateLimits,
      machine: { cpus: cpus().length, loadavg: loadavg(), memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version },
      targets: TARGETS,
      verdicts,
      summary,
      statements,
      profile,
      ...results,
    },
    null,
    2,
  )}\n`,
);
console.log(lines.join('\n'));
if (args.profile)
  console.log(
    `CPU profile: ${readdirSync(profileDir)
      .map((f) => join(profileDir, f))
      .join(', ')}`,
  );
