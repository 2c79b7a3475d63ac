// The audit trail at scale (AUD-06): the page's calls over 1,000,000 entries, and what the chain
// costs an action.
//
//   npm run bench:audit                       1,000,000 entries, PostgreSQL and PGlite
//   npm run bench:audit -- --entries 100000 --db postgres
//
// Options: --entries N (default 1000000), --db postgres|pglite|both (default both), --runs R
// (timed runs per call, default 20), --database-url URL (default $BENCH_DATABASE_URL or
// postgres://postgres@127.0.0.1:5432/test).
//
// Each database is fresh (bench/lib/scale-data.mjs) and removed at the end. The entries go in
// through the chain's own trigger (migration 026), 10,000 a statement, spread over 30 days of
// made-up actors and actions; then VACUUM ANALYZE. Timed in process with app.inject() on the real
// app, as a super_admin: page 1, a page 100,000 entries deep (by keyset), a page filtered by
// action, by actor and by a one-day range, and the CSV of one action over one day. Then the cost
// of the chain for an action: a refund-sized transaction (one row lock, one insert) with and
// without its audit entry, one writer and eight at once. Figures: median and p95 in ms.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/src/app.ts';
import { ephemeralConfig } from '../server/src/ephemeral-config.ts';
import { recordAudit } from '../server/src/audit/audit-log.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { seedDemo } from '../server/src/demo/seed-demo.ts';
import { lockAvailableBalance } from '../server/src/wallet/ledger.ts';
import { DEMO_PASSWORD } from '../server/src/demo-password.ts';
import { fmtInt, log, openPglite, openPostgres, runCleanups, secondsSince } from './lib/scale-data.mjs';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '20' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const N = Number(String(args.entries).replace(/[_,]/g, ''));
const RUNS = Number(args.runs);
const BATCH = 10_000;

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: +at(0.5).toFixed(2), p95: +at(0.95).toFixed(2) };
};

async function seedEntries(db) {
  const t0 = performance.now();
  for (let done = 0; done < N; done += BATCH) {
    const n = Math.min(BATCH, N - done);
    await db.query(
      `insert into audit_log (actor_id, actor_email, action, client_ip, user_agent, target_type, target_id, changes)
       select 1 + i % 40, 'staff' || (i % 40) || '@bench.test',
              (array['auth.sign_in','auth.sign_in_failed','user.updated','card.blocked','refund.issued','withdrawal.requested'])[1 + i % 6],
              '198.51.100.' || (i % 250), 'Bench/1.0', 'user', (i % 1000)::text, jsonb_build_object('status', jsonb_build_object('to', 'active'))
         from generate_series($1::int, $2::int) as i`,
      [done, done + n - 1],
    );
    if ((done / BATCH) % 10 === 0) log(`  ${fmtInt(done + n)} entries, ${secondsSince(t0)} s`);
  }
  // Spread over 30 days, in id order: the seed wrote them within seconds.
  await db.query(`alter table audit_log disable trigger audit_log_append_only`);
  await db.query(`update audit_log set occurred_at = now() - interval '30 days' + (id * interval '30 days' / $1)`, [N]);
  await db.query(`alter table audit_log enable trigger audit_log_append_only`);
  await db.query('vacuum analyze audit_log');
  return secondsSince(t0);
}

async function timeCalls(app, db, token) {
  const [{ id: deep }] = await db.query('select greatest(1, max(id) - 100000) as id from audit_log');
  const dayFrom = new Date(Date.now() - 15 * 86_400_000).toISOString();
  const dayTo = new Date(Date.now() - 14 * 86_400_000).toISOString();
  const calls = {
    'page 1': '/api/backend/audit?limit=50',
    'page 100,000 entries deep': `/api/backend/audit?limit=50&before=${deep}`,
    'filtered by action': '/api/backend/audit?limit=50&action=card.blocked',
    'filtered by action, deep': `/api/backend/audit?limit=50&action=card.blocked&before=${deep}`,
    'filtered by actor': '/api/backend/audit?limit=50&actor=staff7%40bench.test',
    'one day, one action': `/api/backend/audit?limit=50&action=refund.issued&from=${dayFrom}&to=${dayTo}`,
    'CSV: one day, one action': `/api/backend/audit/export.csv?action=refund.issued&from=${dayFrom}&to=${dayTo}`,
  };
  const times = Object.fromEntries(Object.keys(calls).map((name) => [name, []]));
  for (let run = 0; run < RUNS + 2; run += 1) {
    for (const [name, url] of Object.entries(calls)) {
      const t0 = performance.now();
      const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - t0;
      if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (run >= 2) times[name].push(ms);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, t]) => [name, stats(t)]));
}

/** A refund-sized transaction: lock the balance row, insert a row; with or without its entry. */
async function actionCost(db, writers) {
  await db.query('create table if not exists bench_actions (id bigserial primary key, at timestamptz default now())');
  const who = { actor: { id: 1, email: 'staff1@bench.test' }, clientIp: '198.51.100.1', userAgent: 'Bench/1.0' };
  const one = (audited) =>
    db.transaction(async (tx) => {
      await lockAvailableBalance(tx);
      await tx.query('insert into bench_actions default values');
      if (audited) await recordAudit(tx, { action: 'refund.issued', who, target: { type: 'refund', id: 'bench' } });
    });
  const result = {};
  for (const audited of [false, true]) {
    const times = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: writers }, async () => {
        for (let i = 0; i < 200; i += 1) {
          const t = performance.now();
          await one(audited);
          times.push(performance.now() - t);
        }
      }),
    );
    result[audited ? 'with entry' : 'without'] = {
      ...stats(times),
      perSecond: Math.round((writers * 200) / ((performance.now() - t0) / 1000)),
    };
  }
  return result;
}

async function run(kind) {
  const { db, label } = kind === 'postgres' ? await openPostgres(args['database-url']) : await openPglite();
  log(`${label}: migrating, seeding ${fmtInt(N)} audit entries`);
  await migrate(db);
  await seedDemo(db, { password: DEMO_PASSWORD, transactions: 10 });
  const seconds = await seedEntries(db);
  log(`  seeded in ${seconds} s (${fmtInt(Math.round(N / seconds))} entries/s through the chain's trigger)`);
  const app = await buildApp({ config: ephemeralConfig({ FRONTENDS_DIR: '/nonexistent' }), db });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'superadmin@paydesk.test', password: DEMO_PASSWORD },
  });
  const token = login.json().data.token;
  const calls = await timeCalls(app, db, token);
  await app.close();
  const cost = { 'one writer': await actionCost(db, 1), 'eight writers': await actionCost(db, kind === 'postgres' ? 8 : 1) };
  await db.close();
  return { label, seconds, calls, cost };
}

const resultsDir = process.env.BENCH_RESULTS_DIR ?? join(import.meta.dirname, 'results');
const results = [];
try {
  const kinds = args.db === 'both' ? ['postgres', 'pglite'] : [args.db];
  for (const kind of kinds) {
    const result = await run(kind);
    results.push(result);
    console.log(`\n${result.label}: ${fmtInt(N)} entries`);
    console.table(result.calls);
    console.log('An action with and without its audit entry (ms per transaction, transactions a second):');
    for (const [writers, figures] of Object.entries(result.cost)) {
      console.log(`  ${writers}:`);
      console.table(figures);
    }
  }
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, 'audit-log.json'),
    `${JSON.stringify({ benchmark: 'bench/audit-log.mjs', entries: N, runs: RUNS, measured_at: new Date().toISOString(), results }, null, 2)}\n`,
  );
} finally {
  await runCleanups();
}
