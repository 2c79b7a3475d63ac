// Webhooks under payment load (PERF-10, PERF-11): what subscribing an endpoint to payment events
// costs the payment API, and how soon after a payment commits its event reaches the endpoint.
//
//   npm run bench:webhooks                      3 rounds of 15 s
//   npm run bench:webhooks -- --seconds 5 --rounds 1 --history 20000
//
// One real server process (the compiled server, as npm start runs it) on a fresh PostgreSQL
// database with N past transactions, payers paying back to back (autocannon, as
// bench/payment-api.mjs), and a receiver on loopback that answers 200 at once and notes when each
// event arrived.
// - ratio: each round runs the payment load twice, first with every endpoint disabled, then with
//   one enabled endpoint subscribed to the payment events; the figure is the median of the rounds'
//   payments/s with the endpoint ÷ without (the same server, the same minute). The worker yields
//   to a saturated process, so some events wait for the load to end: how long after it they all
//   arrived is reported too ("drained after"), with CPU ms per payment by process.
// - commit to delivery: payments at a fixed rate of half the subscribed payments/s (open loop),
//   with the endpoint; for each payment whose event arrived, the receiver's clock at arrival minus
//   the payment row's created_at (the same machine's clock: the statement that wrote it, which
//   also wrote the event, committed a few milliseconds after). p50/p99 over the round's payments,
//   and how many events had not arrived 10 s after the load stopped.
// Targets (reported, never enforced): ratio >= 0.9, commit to delivery p99 < 1 s.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openPostgresDb } from '../server/src/db/postgres-db.ts';
import { defaultDatabaseUrl, freshDatabase } from './lib/databases.mjs';
import { perPayment, postgresCpuMs, serverCpuMs } from './lib/payment-costs.mjs';
import { closedLoop, latencySummary, openLoop } from './lib/payment-load.mjs';
import { startProduct } from './lib/product.mjs';
import { raisedRateLimits } from './lib/server-settings.mjs';
import { cleanups, seed } from './lib/scale-data.mjs';
import { fmtInt, log } from './lib/stats.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const resultsDir = process.env.BENCH_RESULTS_DIR ?? join(benchDir, 'results');
const TARGETS = { ratio: 0.9, commit_to_delivery_p99_ms: 1000 };
const PAYMENT_EVENTS = ['payment.succeeded', 'payment.failed', 'payment.pending', 'payment.voided'];

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    rounds: { type: 'string', default: '3' },
    history: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '32' },
    'database-url': { type: 'string', default: defaultDatabaseUrl() },
  },
});
const [SECONDS, ROUNDS, HISTORY, CONNECTIONS] = [args.seconds, args.rounds, args.history, args.connections].map((v) =>
  Number(v.replace(/[_,]/g, '')),
);
if (![SECONDS, ROUNDS, CONNECTIONS, HISTORY + 1].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('--seconds, --rounds, --connections and --history must be positive integers');

/** The receiver: 200 at once; when each payment's event arrived (by transaction id). */
function startReceiver() {
  const arrivals = new Map();
  const counter = { received: 0 };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const at = Date.now();
      counter.received += 1;
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const id = event?.data?.object?.id;
        if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, at);
      } catch {
        // not an event: counted as nothing
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({ url: `http://127.0.0.1:${server.address().port}/hooks`, arrivals, counter, close: () => server.close() }),
    ),
  );
}

const password = `Bench-${randomBytes(6).toString('hex')}-7`;
const secretKey = `sk_bench_${randomBytes(16).toString('hex')}`;
const env = {
  PAYDESK_MODE: 'demo',
  DEMO_PASSWORD: password,
  SECRET_KEY: secretKey,
  ...raisedRateLimits(),
  TRUST_PROXY: '127.0.0.1',
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
};

log(`Webhooks: ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} payers`);
const database = await freshDatabase('postgres', args['database-url']);
cleanups.push(() => database.drop());
if (HISTORY > 0) {
  log(`Seeding ${fmtInt(HISTORY)} past transactions`);
  const history = await openPostgresDb(database.url);
  await seed(history, { password, count: HISTORY, seed: 42, demoTransactions: 100 });
  await history.close();
}
const receiver = await startReceiver();
const product = await startProduct({ ...database.env, ...env }, { build: false });
cleanups.push(async () => product.stop());
const db = await openPostgresDb(database.url, { max: 1 });
const results = { rounds: [], half_load: [] };
/**
 * Where a run's CPU went, per payment: the server process, every PostgreSQL process, and this
 * process (load generator and receiver). Warm-up included.
 */
async function withCpu(run) {
  const before = [serverCpuMs(product.pid), postgresCpuMs(), process.cpuUsage()];
  const result = await run();
  const own = process.cpuUsage(before[2]);
  // Every payment the run made, its warm-up's included: the CPU readings include it too.
  const paid = result.http.statuses[200] ?? result.payments;
  result.cpu = {
    server_ms: perPayment(serverCpuMs(product.pid) - before[0], paid),
    postgres_ms: perPayment(postgresCpuMs() - before[1], paid),
    bench_ms: perPayment((own.user + own.system) / 1000, paid),
  };
  return result;
}
const cpuText = (cpu) => `server ${cpu.server_ms}, PostgreSQL ${cpu.postgres_ms}, load and receiver ${cpu.bench_ms}`;
try {
  const base = product.baseUrl;
  const login = await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'superadmin@paydesk.test', password }),
    })
  ).json();
  const staff = { authorization: `Bearer ${login.data.token}`, 'content-type': 'application/json' };
  const hooks = `${base}/api/backend/webhooks/endpoints`;
  const call = async (method, url, body) => {
    const response = await fetch(url, { method, headers: staff, body: body && JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  // The demo seed's own endpoint (the demo merchant page) is switched off: only ours counts.
  for (const endpoint of (await call('GET', hooks)).data) {
    await call('PATCH', `${hooks}/${endpoint.id}`, { enabled: false });
  }
  const { data: created } = await call('POST', hooks, { url: receiver.url, event_types: PAYMENT_EVENTS, enabled: false });
  const endpoint = `${hooks}/${created.endpoint.id}`;
  const { data: config } = await (await fetch(`${base}/api/public/config`)).json();
  const keys = { publishableKey: config.publishableKey, envelopeKey: config.envelopeKey, addresses: 'per-payment' };
  await closedLoop({ baseUrl: base, connections: CONNECTIONS, seconds: 1, warmup: Math.min(4, SECONDS), ...keys });

  for (let round = 1; round <= ROUNDS; round += 1) {
    await call('PATCH', endpoint, { enabled: false });
    const without = await withCpu(() => closedLoop({ baseUrl: base, connections: CONNECTIONS, seconds: SECONDS, ...keys }));
    await call('PATCH', endpoint, { enabled: true });
    const withEndpoint = await withCpu(() => closedLoop({ baseUrl: base, connections: CONNECTIONS, seconds: SECONDS, ...keys }));
    for (const run of [without, withEndpoint])
      if (run.failures > 0) throw new Error(`${run.failures} payments failed, the first: ${run.first_failure}`);
    const ratio = Math.round((withEndpoint.payments_per_s / without.payments_per_s) * 100) / 100;
    results.rounds.push({
      without: without.payments_per_s,
      with: withEndpoint.payments_per_s,
      p99_without_ms: without.p99_ms,
      p99_with_ms: withEndpoint.p99_ms,
      ratio,
      cpu_without: without.cpu,
      cpu_with: withEndpoint.cpu,
    });
    log(
      `round ${round}: ${fmtInt(without.payments_per_s)} payments/s without an endpoint, ${fmtInt(withEndpoint.payments_per_s)} with one (ratio ${ratio})`,
    );
    log(`  CPU ms per payment without: ${cpuText(without.cpu)}; with: ${cpuText(withEndpoint.cpu)}`);

    // The full load's events still on their way arrive first (at most two minutes): the half load
    // starts with none queued. How long that took is the backlog the worker left while it yielded.
    const loadEnded = Date.now();
    let drainedAt = loadEnded;
    for (let last = -1; receiver.counter.received !== last && Date.now() - loadEnded < 120_000;) {
      if (last !== -1) drainedAt = Date.now();
      last = receiver.counter.received;
      await new Promise((r) => setTimeout(r, 250));
    }
    results.rounds.at(-1).drained_s = Math.round((drainedAt - loadEnded) / 100) / 10;
    log(`  the full load's events all arrived ${results.rounds.at(-1).drained_s} s after it ended`);
    // Half load with the endpoint: from each payment's commit to its event's arrival.
    const since = new Date();
    receiver.arrivals.clear();
    const half = await openLoop({
      baseUrl: base,
      rate: Math.max(1, Math.round(withEndpoint.payments_per_s / 2)),
      seconds: SECONDS,
      ...keys,
    });
    await new Promise((r) => setTimeout(r, 10_000));
    const rows = await db.query(
      `select transaction_id, (extract(epoch from created_at) * 1000)::float8 as created_ms from transactions where created_at >= $1`,
      [since],
    );
    const delays = [];
    let missing = 0;
    for (const row of rows) {
      const at = receiver.arrivals.get(row.transaction_id);
      if (at === undefined) missing += 1;
      else delays.push(at - row.created_ms);
    }
    const delivery = { payments: rows.length, missing, ...latencySummary(delays) };
    results.half_load.push({ rate: half.rate, payment_p99_ms: half.p99_ms, delivery });
    log(
      `round ${round}, half load ${half.rate}/s: payment p99 ${half.p99_ms} ms; commit to delivery p50 ${delivery.p50_ms} ms, p99 ${delivery.p99_ms} ms, ${missing} of ${rows.length} not arrived`,
    );
  }
} finally {
  product.stop();
  receiver.close();
  await db.close();
  await new Promise((r) => setTimeout(r, 500));
  await database.drop();
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = {
  ratio: median(results.rounds.map((r) => r.ratio)),
  commit_to_delivery_p99_ms: median(results.half_load.map((h) => h.delivery.p99_ms)),
  not_arrived: results.half_load.reduce((sum, h) => sum + h.delivery.missing, 0),
};
const verdicts = {
  ratio: summary.ratio >= TARGETS.ratio,
  commit_to_delivery_p99_ms: summary.commit_to_delivery_p99_ms < TARGETS.commit_to_delivery_p99_ms && summary.not_arrived === 0,
};
const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
const lines = [
  '# Webhooks under payment load',
  '',
  `${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} payers, ${fmtInt(HISTORY)} past transactions, PostgreSQL.`,
  '',
  '| figure | value | target | verdict |',
  '|---|---|---|---|',
  `| payments/s with an endpoint ÷ without (median of rounds) | ${summary.ratio} | ≥ ${TARGETS.ratio} | ${verdict(verdicts.ratio)} |`,
  `| commit to delivery p99 at half load (median of rounds) | ${summary.commit_to_delivery_p99_ms} ms | < ${TARGETS.commit_to_delivery_p99_ms} ms, none missing | ${verdict(verdicts.commit_to_delivery_p99_ms)} |`,
  '',
  '| round | without | with | ratio | drained after | half load | payment p99 | delivery p50 | delivery p99 | not arrived |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...results.rounds.map((r, i) => {
    const h = results.half_load[i];
    return `| ${i + 1} | ${fmtInt(r.without)}/s | ${fmtInt(r.with)}/s | ${r.ratio} | ${r.drained_s} s | ${h.rate}/s | ${h.payment_p99_ms} ms | ${h.delivery.p50_ms} ms | ${h.delivery.p99_ms} ms | ${h.delivery.missing} of ${h.delivery.payments} |`;
  }),
];
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'webhook-delivery.md'), `${lines.join('\n')}\n`);
writeFileSync(
  join(resultsDir, 'webhook-delivery.json'),
  `${JSON.stringify(
    {
      benchmark: 'bench/webhook-delivery.mjs',
      measured_at: new Date().toISOString(),
      rounds: ROUNDS,
      seconds: SECONDS,
      history: HISTORY,
      connections: CONNECTIONS,
      machine: { cpus: cpus().length, loadavg: loadavg(), memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version },
      targets: TARGETS,
      verdicts,
      summary,
      ...results,
    },
    null,
    2,
  )}\n`,
);
console.log(lines.join('\n'));
