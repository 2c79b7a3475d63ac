import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { openPostgresDb } from '../src/db/postgres-db';
import { buildTestApp, captureLogs, login, testDbKind, type TestApp } from './helper';
import { merchantRefunds, paidPayment, refundSums, settleNow, staffRefunds } from './refunds-fixtures';
import { expectReconciled, walletApi } from './wallet-fixtures';

let t: TestApp;
let second: { app: FastifyInstance; db: Db };

/** A second server on the same database: on PostgreSQL its own pool, as a second process has. */
async function secondServer(): Promise<{ app: FastifyInstance; db: Db }> {
  let db = t.db;
  if (testDbKind === 'postgres') {
    const [{ schema }] = (await t.db.query<{ schema: string }>('select current_schema() as schema')) as [{ schema: string }];
    db = await openPostgresDb(process.env.TEST_DATABASE_URL!, { searchPath: schema, max: 4 });
  }
  return { app: await buildApp({ config: t.config, db, logger: captureLogs().logger }), db };
}

beforeAll(async () => {
  t = await buildTestApp({ REFUND_SETTLE_SECONDS: '0' });
  second = await secondServer();
}, 60_000);
afterAll(async () => {
  await second?.app.close();
  if (second && second.db !== t.db) await second.db.close();
  await t?.close();
});

const apis = () => [merchantRefunds(t.app, t.config.secretKey), merchantRefunds(second.app, t.config.secretKey)] as const;
const balance = async () => (await walletApi(t.app, await login(t.app, 'admin@paydesk.test')).balance()).data;

it('answers 50 concurrent identical requests with one Idempotency-Key with one refund (IDEM-02)', async () => {
  const payment = await paidPayment(t, 80);
  const key = `key-${payment}`;
  const body = { transaction_id: payment, amount: 12.34, reason: 'requested_by_customer' };
  const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => apis()[i % 2]!.create(body, key)));
  expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
  expect(new Set(responses.map((r) => r.body)).size).toBe(1);
  expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
  expect(await refundSums(t.db, payment)).toMatchObject({ count: 1, pending: 1234, taken: 1234 });

  // Later, the same again: the stored answer; another body: refused.
  const replay = await apis()[0].create(body, key);
  expect([replay.statusCode, replay.body, replay.headers['idempotent-replayed']]).toEqual([201, responses[0]!.body, 'true']);
  const other = await apis()[1].create({ ...body, amount: 1 }, key);
  expect([other.statusCode, other.json().code]).toEqual([422, 'idempotency_key_reused']);
  expect((await refundSums(t.db, payment)).count).toBe(1);
});

it('answers 50 concurrent different requests with one key with one refund and 49 refusals (IDEM-03)', async () => {
  const payment = await paidPayment(t, 80);
  const key = `conflict-${payment}`;
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) => apis()[i % 2]!.create({ transaction_id: payment, amount: i + 1, reason: 'other' }, key)),
  );
  const created = responses.filter((r) => r.statusCode === 201);
  expect(created).toHaveLength(1);
  expect(responses.filter((r) => r.statusCode === 422 && r.json().code === 'idempotency_key_reused')).toHaveLength(49);
  const sums = await refundSums(t.db, payment);
  expect(sums).toMatchObject({ count: 1, taken: Math.round(Number(created[0]!.json().data.amount) * 100) });
});

it('does not store errors: a refused request leaves its key free (IDEM-04)', async () => {
  const payment = await paidPayment(t, 10);
  const key = `error-${payment}`;
  const refused = await apis()[0].create({ transaction_id: payment, amount: 11, reason: 'other' }, key);
  expect(refused.statusCode).toBe(409);
  const next = await apis()[0].create({ transaction_id: payment, amount: 10, reason: 'other' }, key);
  expect([next.statusCode, next.headers['idempotent-replayed']]).toEqual([201, undefined]);
});

it('keeps keys of two callers apart: a staff member and the API may use the same key', async () => {
  const payment = await paidPayment(t, 10);
  const key = `shared-${payment}`;
  expect((await apis()[0].create({ transaction_id: payment, amount: 1, reason: 'other' }, key)).statusCode).toBe(201);
  const staff = staffRefunds(t.app, await login(t.app, 'admin@paydesk.test'));
  const first = await staff.create(payment, { amount: 2, reason: 'other' }, key);
  expect([first.statusCode, first.headers['idempotent-replayed']]).toEqual([201, undefined]);
  const again = await staff.create(payment, { amount: 2, reason: 'other' }, key);
  expect([again.statusCode, again.headers['idempotent-replayed'], again.json().data.id]).toEqual([201, 'true', first.json().data.id]);
  expect((await refundSums(t.db, payment)).count).toBe(2);
});

it('never refunds more than the payment under 50 concurrent refunds without a key, from two servers (REF-04)', async () => {
  const payment = await paidPayment(t, 100);
  // $7 each: 14 fit in $100 ($98), the 15th does not.
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) => apis()[i % 2]!.create({ transaction_id: payment, amount: 7, reason: 'other' })),
  );
  const codes = responses.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 201)).toHaveLength(14);
  expect(codes.filter((c) => c === 409)).toHaveLength(36);
  expect(responses.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'refund_exceeds_amount')).toBe(true);
  expect(await refundSums(t.db, payment)).toMatchObject({ count: 14, pending: 9800, taken: 9800 });

  // Everything left, asked for 50 times at once: only one gets it.
  const rest = await Promise.all(Array.from({ length: 50 }, (_, i) => apis()[i % 2]!.create({ transaction_id: payment, reason: 'other' })));
  expect(rest.filter((r) => r.statusCode === 201).map((r) => r.json().data.amount)).toEqual(['2.00']);
  expect(await refundSums(t.db, payment)).toMatchObject({ count: 15, taken: 10000 });
  await settleNow(t);
  expect((await staffRefunds(t.app, await login(t.app, 'admin@paydesk.test')).details(payment)).status).toBe('refunded');
  await expectReconciled(t.db, await balance());
});
