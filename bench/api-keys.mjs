// Keys in the database under payment load (KEY-08): whether the payment API slows down when the
// database holds many API keys. Checking a key reads the process's cache, never the database, so
// payments a second should not depend on how many keys there are.
//
//   npm run bench:keys                                   3 rounds of 10 s, 10,000 extra keys
//   npm run bench:keys -- --seconds 5 --rounds 1 --keys 1000
//
// One real server process (the compiled server) on a fresh PostgreSQL database, payers paying back
// to back (autocannon, as bench/payment-api.mjs). Each round runs the load twice: with the demo
// keys alone, then with `--keys` more in the database (half publishable, half secret; a third of
// them rolled with a grace period, a third revoked), added by SQL and announced to the process as
// a back-office change is (the key version moves; the process reloads within a second). The
// figure is the median of the rounds' payments/s with the keys ÷ without. Target (reported, never
// enforced): >= 0.95.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openPostgresDb } from '../server/src/db/postgres-db.ts';
import { defaultDatabaseUrl, freshDatabase } from './lib/databases.mjs';
import { closedLoop } from './lib/payment-load.mjs';
import { startProduct } from './lib/product.mjs';
import { raisedRateLimits } from './lib/server-settings.mjs';
import { cleanups } from './lib/scale-data.mjs';
import { fmtInt, log } from './lib/stats.mjs';

const benchDir = dirname(fileURLToPath(import.meta.url));
const resultsDir = process.env.BENCH_RESULTS_DIR ?? join(benchDir, 'results');
const TARGET = 0.95;

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    keys: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '32' },
    'database-url': { type: 'string', default: defaultDatabaseUrl() },
  },
});
const [SECONDS, ROUNDS, KEYS, CONNECTIONS] = [args.seconds, args.rounds, args.keys, args.connections].map((v) =>
  Number(v.replace(/[_,]/g, '')),
);
if (![SECONDS, ROUNDS, KEYS, CONNECTIONS].every((n) => Number.isInteger(n) && n > 0))
  throw new Error('--seconds, --rounds, --keys and --connections must be positive integers');

const env = {
  PAYDESK_MODE: 'demo',
  DEMO_PASSWORD: `Bench-${randomBytes(6).toString('hex')}-7`,
  ...raisedRateLimits(),
  TRUST_PROXY: '127.0.0.1',
};
log(`API keys: ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} payers, ${fmtInt(KEYS)} extra keys`);
const database = await freshDatabase('postgres', args['database-url']);
cleanups.push(() => database.drop());
const product = await startProduct({ ...database.env, ...env }, { build: false });
cleanups.push(async () => product.stop());
const db = await openPostgresDb(database.url, { max: 1 });
const rounds = [];

/** The extra keys in, or out; then the version moves and the process reloads them, as after a change in the back office. */
async function extraKeys(present) {
  await db.query(`delete from api_keys where name = 'bench key'`);
  if (present) {
    const hashes = Array.from({ length: KEYS }, () =>
      createHash('sha256')
        .update(`sk_test_${randomBytes(24).toString('base64url')}`)
        .digest('hex'),
    );
    await db.query(
      `insert into api_keys (id, kind, name, key_hash, publishable_key, prefix, expires_at, revoked_at)
       select 'key_bench' || lpad(n::text, 12, '0'), case when n % 2 = 0 then 'publishable' else 'secret' end, 'bench key', h,
              case when n % 2 = 0 then 'pk_test_bench' || n end, 'bench_' || n % 10,
              case when n % 3 = 1 then now() + interval '1 day' end, case when n % 3 = 2 then now() end
         from unnest($1::text[]) with ordinality as k(h, n)`,
      [hashes],
    );
  }
  await db.query('update api_key_state set version = version + 1');
  await new Promise((r) => setTimeout(r, 1500));
}

try {
  const base = product.baseUrl;
  const { data: config } = await (await fetch(`${base}/api/public/config`)).json();
  const keys = { publishableKey: config.publishableKey, envelopeKey: config.envelopeKey, addresses: 'per-payment' };
  await closedLoop({ baseUrl: base, connections: CONNECTIONS, seconds: 1, warmup: Math.min(4, SECONDS), ...keys });
  for (let round = 1; round <= ROUNDS; round += 1) {
    await extraKeys(false);
    const without = await closedLoop({ baseUrl: base, connections: CONNECTIONS, seconds: SECONDS, ...keys });
    await extraKeys(true);
    const withKeys = await closedLoop({ baseUrl: base, connections: CONNECTIONS, seconds: SECONDS, ...keys });
    for (const run of [without, withKeys])
      if (run.failures > 0) throw new Error(`${run.failures} payments failed, the first: ${run.first_failure}`);
    const ratio = Math.round((withKeys.payments_per_s / without.payments_per_s) * 100) / 100;
    rounds.push({
      without: without.payments_per_s,
      with: withKeys.payments_per_s,
      p99_without_ms: without.p99_ms,
      p99_with_ms: withKeys.p99_ms,
      ratio,
    });
    log(
      `round ${round}: ${fmtInt(without.payments_per_s)} payments/s with the demo keys, ${fmtInt(withKeys.payments_per_s)} with ${fmtInt(KEYS)} more (ratio ${ratio})`,
    );
  }
} finally {
  product.stop();
  await db.close();
  await new Promise((r) => setTimeout(r, 500));
  await database.drop();
}

const ratio = [...rounds.map((r) => r.ratio)].sort((a, b) => a - b)[Math.floor(rounds.length / 2)];
const lines = [
  '# Payments with many API keys in the database',
  '',
  `${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} payers, ${fmtInt(KEYS)} extra keys, PostgreSQL.`,
  '',
  '| figure | value | target | verdict |',
  '|---|---|---|---|',
  `| payments/s with the extra keys ÷ without (median of rounds) | ${ratio} | ≥ ${TARGET} | ${ratio >= TARGET ? 'PASS' : 'FAIL'} |`,
  '',
  '| round | demo keys only | with the extra keys | ratio | p99 without | p99 with |',
  '|---|---|---|---|---|---|',
  ...rounds.map(
    (r, i) => `| ${i + 1} | ${fmtInt(r.without)}/s | ${fmtInt(r.with)}/s | ${r.ratio} | ${r.p99_without_ms} ms | ${r.p99_with_ms} ms |`,
  ),
];
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'api-keys.md'), `${lines.join('\n')}\n`);
writeFileSync(
  join(resultsDir, 'api-keys.json'),
  `${JSON.stringify(
    {
      benchmark: 'bench/api-keys.mjs',
      measured_at: new Date().toISOString(),
      rounds: ROUNDS,
      seconds: SECONDS,
      keys: KEYS,
      connections: CONNECTIONS,
      machine: { cpus: cpus().length, loadavg: loadavg(), memory_gb: Math.round(totalmem() / 2 ** 30), node: process.version },
      target: TARGET,
      ratio,
      results: rounds,
    },
    null,
    2,
  )}\n`,
);
console.log(lines.join('\n'));
