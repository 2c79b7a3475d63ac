import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { openPostgresDb } from '../src/db/postgres-db';
import { buildTestApp, captureLogs, login, testDbKind, type TestApp } from './helper';
import { DISPUTE_CARD, disputedPayment, disputesApi, makeDue, runDisputes } from './disputes-fixtures';
import { merchantRefunds, paidPayment } from './refunds-fixtures';
import { ledgerSums } from './wallet-fixtures';

/**
 * Disputes raced against themselves, refunds and the issuer's job, from two servers on one
 * database: on PostgreSQL each with its own pool, as two processes have (DSP-06, DSP-07). Whatever
 * runs at once: one open dispute per payment, a payment never both refunded and disputed past its
 * amount, each money move posted once, and never a 5xx.
 */
let t: TestApp;
let second: { app: FastifyInstance; db: Db };

async function secondServer(): Promise<{ app: FastifyInstance; db: Db }> {
  let db = t.db;
  if (testDbKind === 'postgres') {
    const [{ schema }] = (await t.db.query<{ schema: string }>('select current_schema() as schema')) as [{ schema: string }];
    db = await openPostgresDb(process.env.TEST_DATABASE_URL!, { searchPath: schema, max: 4 });
  }
  return { app: await buildApp({ config: t.config, db, logger: captureLogs().logger }), db };
}

let staff: ReturnType<typeof disputesApi>[];
let merchant: ReturnType<typeof disputesApi>[];
beforeAll(async () => {
  t = await buildTestApp({ PAYDESK_MODE: 'demo', REFUND_SETTLE_SECONDS: '0' }, { poolMax: 6 });
  second = await secondServer();
  const token = await login(t.app, 'admin@paydesk.test');
  staff = [disputesApi(t.app, token, '/api/backend'), disputesApi(second.app, token, '/api/backend')];
  merchant = [disputesApi(t.app, t.config.secretKey), disputesApi(second.app, t.config.secretKey)];
}, 60_000);
afterAll(async () => {
  await second?.app.close();
  if (second && second.db !== t.db) await second.db.close();
  await t?.close();
});

const noServerErrors = (responses: { statusCode: number; body: string }[]) =>
  expect(responses.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
const disputesOf = (transactionId: string) =>
  t.db.query<{ id: string; status: string; amount: number }>(
    'select id, status, amount_cents::int as amount from disputes where transaction_id = $1',
    [transactionId],
  );

async function expectBalancedLedger(): Promise<void> {
  expect(await t.db.query('select posting_id from ledger_entries group by posting_id having sum(amount_cents) <> 0')).toEqual([]);
  expect(Object.values(await ledgerSums(t.db)).reduce((a, b) => a + b, 0)).toBe(0);
}

it('opens one dispute of a payment that 20 requests from two servers dispute at once', async () => {
  const payment = await paidPayment(t, 70);
  const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => staff[i % 2]!.open(payment, { reason: 'fraudulent' })));
  noServerErrors(responses);
  expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
  expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(Array(19).fill('payment_not_disputable'));
  const [dispute] = await disputesOf(payment);
  expect(await disputesOf(payment)).toHaveLength(1);
  const postings = await t.db.query('select kind from ledger_postings where dispute_id = $1 order by id', [dispute!.id]);
  expect(postings).toEqual([{ kind: 'dispute_funds_withdrawn' }, { kind: 'dispute_fee' }]);
  await expectBalancedLedger();
});

it('keeps a payment consistent when a refund and a dispute of it come at once: one of them, or both within its amount', async () => {
  const refunds = [merchantRefunds(t.app, t.config.secretKey), merchantRefunds(second.app, t.config.secretKey)];
  const payments = await Promise.all(Array.from({ length: 8 }, () => paidPayment(t, 40)));
  // Half refunded in full, half in part, each raced by a dispute from the other server.
  const raced = await Promise.all(
    payments.map((payment, i) =>
      Promise.all([
        refunds[i % 2]!.create({ transaction_id: payment, reason: 'other', ...(i < 4 ? {} : { amount: 15 }) }),
        staff[(i + 1) % 2]!.open(payment, { reason: 'general' }),
      ]),
    ),
  );
  noServerErrors(raced.flat());
  for (const [i, [refund, dispute]] of raced.entries()) {
    const payment = payments[i]!;
    const [row] = await t.db.query<{ amount: number; refunded: number; status: string }>(
      'select amount_cents::int as amount, refunded_cents::int as refunded, status from transactions where transaction_id = $1',
      [payment],
    );
    const opened = await disputesOf(payment);
    if (refund.statusCode === 409) {
      // The dispute came first: the refund was refused for it.
      expect([refund.json().code, dispute.statusCode, row!.refunded]).toEqual(['charge_disputed', 201, 0]);
      expect(opened.map((d) => d.amount)).toEqual([4000]);
    } else if (dispute.statusCode === 409) {
      // The full refund came first: nothing was left to dispute.
      expect([i < 4, refund.statusCode, dispute.json().code, opened]).toEqual([true, 201, 'payment_not_disputable', []]);
    } else {
      // The part refund came first: the dispute took what was left.
      expect([i < 4, refund.statusCode, dispute.statusCode]).toEqual([false, 201, 201]);
      expect(opened.map((d) => d.amount)).toEqual([row!.amount - row!.refunded]);
    }
    expect(row!.refunded + opened.reduce((sum, d) => sum + d.amount, 0)).toBeLessThanOrEqual(row!.amount);
  }
  await expectBalancedLedger();
});

it("opens each test card's dispute once when both servers' jobs run at once", async () => {
  const payments = await Promise.all(Array.from({ length: 6 }, () => paidPayment(t, 12, DISPUTE_CARD)));
  const moved = await Promise.all([runDisputes(t), runDisputes({ db: second.db, config: t.config }), runDisputes(t)]);
  expect(moved.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(payments.length);
  for (const payment of payments) {
    const [dispute] = await disputesOf(payment);
    expect(await disputesOf(payment)).toHaveLength(1);
    const events = await t.db.query<{ type: string }>(`select type from webhook_events where object->>'id' = $1 order by type`, [
      dispute!.id,
    ]);
    expect(events.map((e) => e.type)).toEqual(['dispute.created', 'dispute.funds_withdrawn']);
  }
  await expectBalancedLedger();
});

it('never answers 5xx nor moves money twice when evidence, accepting and the issuer meet on the same disputes', async () => {
  const payments = await Promise.all(Array.from({ length: 6 }, (_, i) => paidPayment(t, 13 + i, DISPUTE_CARD)));
  await runDisputes(t);
  const disputes = await Promise.all(payments.map(async (payment) => ({ disputeId: (await disputesOf(payment))[0]!.id })));
  for (const { disputeId } of disputes) await makeDue(t.db, disputeId, 'due');
  // The due date has passed: the job loses them while requests submit evidence and accept them.
  const [requests] = await Promise.all([
    Promise.all(
      disputes.flatMap(({ disputeId }, i) => [
        merchant[i % 2]!.update(disputeId, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true }),
        merchant[(i + 1) % 2]!.close(disputeId),
      ]),
    ),
    runDisputes(t),
    runDisputes({ db: second.db, config: t.config }),
  ]);
  noServerErrors(requests);
  expect(requests.filter((r) => r.statusCode === 409).every((r) => ['dispute_past_due', 'dispute_closed'].includes(r.json().code))).toBe(
    true,
  );
  for (const { disputeId } of disputes) {
    const [row] = await t.db.query<{ status: string }>('select status from disputes where id = $1', [disputeId]);
    expect(row!.status).toBe('lost');
    const closed = await t.db.query(`select 1 from webhook_events where type = 'dispute.closed' and object->>'id' = $1`, [disputeId]);
    expect(closed).toHaveLength(1);
    expect(await t.db.query('select kind from ledger_postings where dispute_id = $1 order by id', [disputeId])).toEqual([
      { kind: 'dispute_funds_withdrawn' },
      { kind: 'dispute_fee' },
    ]);
  }
  await expectBalancedLedger();
});

it('answers 20 identical submissions with one Idempotency-Key from two servers once, and a second submission is refused', async () => {
  const { disputeId } = await disputedPayment(t, 33);
  const body = { evidence: { product_description: 'Delivered' }, submit: true };
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) => merchant[i % 2]!.update(disputeId, body, `submit-${disputeId}`)),
  );
  noServerErrors(responses);
  expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
  expect(new Set(responses.map((r) => r.body)).size).toBe(1);
  const submitted = await t.db.query(`select 1 from webhook_events where type = 'dispute.updated' and object->>'id' = $1`, [disputeId]);
  expect(submitted).toHaveLength(1);
  const again = await merchant[1]!.update(disputeId, body);
  expect([again.statusCode, again.json().code]).toEqual([409, 'dispute_evidence_submitted']);
});
