import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { openPostgresDb } from '../src/db/postgres-db';
import { settleDueWithdrawals } from '../src/wallet/withdrawal-settlement';
import { captureLogs, buildTestApp, login, testDbKind, type TestApp } from './helper';
import { aWithdrawal, cents, expectReconciled, ledgerSums, makeWithdrawalsDue, walletApi } from './wallet-fixtures';

let t: TestApp;
let second: { app: FastifyInstance; db: Db };

/**
 * A second server on the same database, as a second process would be: on PostgreSQL its own
 * connection pool on the same schema; PGlite is one embedded process, so its app shares the handle.
 */
async function secondServer(): Promise<{ app: FastifyInstance; db: Db }> {
  let db = t.db;
  if (testDbKind === 'postgres') {
    const [{ schema }] = (await t.db.query<{ schema: string }>('select current_schema() as schema')) as [{ schema: string }];
    db = await openPostgresDb(process.env.TEST_DATABASE_URL!, { searchPath: schema, max: 4 });
  }
  return { app: await buildApp({ config: t.config, db, logger: captureLogs().logger }), db };
}

beforeAll(async () => {
  t = await buildTestApp();
  second = await secondServer();
}, 60_000);
afterAll(async () => {
  await second?.app.close();
  if (second && second.db !== t.db) await second.db.close();
  await t?.close();
});

it('accepts exactly the 10 of 100 concurrent withdrawals (from two servers) that the balance covers', async () => {
  const one = walletApi(t.app, await login(t.app, 'admin@paydesk.test'));
  const two = walletApi(second.app, await login(second.app, 'superadmin@paydesk.test'));
  const before = await one.balance();
  const available = cents(before.data.available_balance);
  // 10 of these fit, 11 do not.
  const amountCents = Math.floor(available / 10.5);
  expect(amountCents * 10).toBeLessThanOrEqual(available);
  expect(amountCents * 11).toBeGreaterThan(available);

  const responses = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      (i % 2 === 0 ? one : two).withdraw(aWithdrawal(amountCents / 100, { account_number: `ACC${i}` })),
    ),
  );
  const codes = responses.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 201)).toHaveLength(10);
  expect(codes.filter((c) => c === 409)).toHaveLength(90);
  expect(responses.filter((r) => r.statusCode === 409).every((r) => /^Insufficient balance/.test(r.json().message))).toBe(true);

  const after = await two.balance();
  expect(cents(after.data.available_balance)).toBe(available - 10 * amountCents);
  expect(cents(after.data.pending)).toBe(10 * amountCents);
  expect(after.data.total).toBe(before.data.total);
  await expectReconciled(t.db, after.data);

  // Never negative at any point: the running balance of merchant_available, entry by entry.
  const running = await t.db.query<{ balance: number }>(
    `select sum(amount_cents) over (order by id)::bigint as balance from ledger_entries where account = 'merchant_available'`,
  );
  expect(Math.min(...running.map((r) => Number(r.balance)))).toBeGreaterThanOrEqual(0);
  expect((await ledgerSums(t.db)).merchant_available).toBe(available - 10 * amountCents);
});

it('settles each withdrawal once when both servers run the settlement job at the same moment', async () => {
  await makeWithdrawalsDue(t.db);
  const counts = await Promise.all([
    settleDueWithdrawals(t.db, 3),
    settleDueWithdrawals(second.db, 3),
    settleDueWithdrawals(t.db),
    settleDueWithdrawals(second.db),
  ]);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(10);
  const [posted] = await t.db.query<{ n: number }>(`select count(*)::int as n from ledger_postings where kind = 'withdrawal_paid_out'`);
  expect(posted!.n).toBe(10);
  const wallet = walletApi(t.app, await login(t.app, 'admin@paydesk.test'));
  const balance = await wallet.balance();
  expect(balance.data.pending).toBe('0.00');
  await expectReconciled(t.db, balance.data);
});
