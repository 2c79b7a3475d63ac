import type { z } from 'zod';
import {
  checkoutObject,
  checkoutStatuses,
  disputeEvidenceFields,
  disputeObject,
  disputeStatuses,
  paymentObject,
  refundObject,
  refundStatuses,
  withdrawalObject,
} from '@paydesk/shared/schemas/merchant-objects';
import { transactionStatuses } from '@paydesk/shared/schemas/transaction';
import { withdrawalStatuses } from '@paydesk/shared/schemas/wallet';
import { checkoutEventTypes, paymentEventTypes, type EventType } from '@paydesk/shared/schemas/webhooks';
import { resolveDuePayments } from '../src/payments/settlement';
import { settleDueWithdrawals } from '../src/wallet/withdrawal-settlement';
import { eventTypeSql } from '../src/webhooks/outbox';
import { bearer, buildTestApp, login, type TestApp } from './helper';
import { payerClient } from './payments-client';
import { merchantRefunds, settleNow } from './refunds-fixtures';
import { aWithdrawal, makeWithdrawalsDue, walletApi } from './wallet-fixtures';
import { disputedPayment } from './disputes-fixtures';

/**
 * The merchant read API (MAPI-01) and the outbox events that payments, checkouts and withdrawals
 * write in the statement or transaction of their change (HOOK-01), with the same objects.
 */
let t: TestApp;
let client: ReturnType<typeof payerClient>;
beforeAll(async () => {
  t = await buildTestApp();
  client = payerClient(t.app, t.config);
}, 60_000);
afterAll(() => t?.close());

const read = (url: string, key = t.config.secretKey) => t.app.inject({ method: 'GET', url, headers: bearer(key) });
const eventsAbout = (id: string) =>
  t.db.query<{ type: string; object: Record<string, unknown> }>(
    `select type, object from webhook_events where object->>'id' = $1 or object->>'reference' = $1 order by created_at, type`,
    [id],
  );
const inCheckout = (reference: string) => ({ checkout: true, checkout_reference: reference });

it('the demo seed writes no events for its generated history (first: nothing else has run)', async () => {
  const [counts] = await t.db.query<{ events: number; payments: number }>(
    'select (select count(*)::int from webhook_events) as events, (select count(*)::int from transactions) as payments',
  );
  expect(counts).toEqual({ events: 0, payments: expect.any(Number) });
  expect(counts!.payments).toBeGreaterThan(0);
});

describe('GET /api/payments/{transaction_id} and GET /api/checkout/{reference}', () => {
  it('answers a paid checkout and its payment in the shared shapes', async () => {
    const reference = await client.newCheckout(120.5);
    const { ids, result } = await client.pay('4242424242424242', inCheckout(reference));
    expect(result?.status).toBe('completed');

    const payment = await read(`/api/payments/${ids.transactionId}`);
    expect(payment.statusCode).toBe(200);
    const paid = paymentObject.parse(payment.json().data);
    expect(paid).toMatchObject({
      object: 'payment',
      id: ids.transactionId,
      order_id: ids.orderId,
      checkout_reference: reference,
      status: 'completed',
      amount: '120.50',
      amount_refunded: '0.00',
      currency: 'USD',
      card: { brand: 'Visa', last4: '4242' },
      refunds: [],
    });
    expect(Number(paid.fee) + Number(paid.net)).toBeCloseTo(120.5);

    const checkout = await read(`/api/checkout/${reference}`);
    expect(checkout.statusCode).toBe(200);
    expect(checkoutObject.parse(checkout.json().data)).toMatchObject({
      object: 'checkout',
      reference,
      status: 'completed',
      amount: '120.50',
      transaction_id: ids.transactionId,
      customer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101' },
      metadata: {},
      payments: [{ id: ids.transactionId, status: 'completed', amount: '120.50', created_at: paid.created_at }],
    });
  });

  it("shows a payment's refunds as the refunds API does, and what was refunded of its checkout", async () => {
    const reference = await client.newCheckout(80);
    const { ids } = await client.pay('4242424242424242', inCheckout(reference));
    const refunds = merchantRefunds(t.app, t.config.secretKey);
    const first = (await refunds.create({ transaction_id: ids.transactionId, amount: 30, reason: 'requested_by_customer' })).json().data;
    await settleNow(t);
    const second = (await refunds.create({ transaction_id: ids.transactionId, amount: 12.5, reason: 'duplicate', note: 'twice' })).json()
      .data;

    const payment = paymentObject.parse((await read(`/api/payments/${ids.transactionId}`)).json().data);
    const asRefunds = await Promise.all([first.id, second.id].map(async (id: string) => (await refunds.get(id)).json().data));
    expect(payment.amount_refunded).toBe('42.50');
    expect(payment.refunds).toEqual(asRefunds);
    expect(asRefunds.map((r) => [r.status, r.amount, r.requested_by])).toEqual([
      ['succeeded', '30.00', 'api'],
      ['pending', '12.50', 'api'],
    ]);
    expect(checkoutObject.parse((await read(`/api/checkout/${reference}`)).json().data).amount_refunded).toBe('42.50');
  });

  it('answers an unpaid checkout with no payments', async () => {
    const reference = await client.newCheckout(9);
    const body = checkoutObject.parse((await read(`/api/checkout/${reference}`)).json().data);
    expect(body).toMatchObject({ status: 'pending', amount: '9.00', transaction_id: null, payments: [], callback_url: null });
  });

  it('answers 404 not_found for unknown ids and for an id of the other kind', async () => {
    const reference = await client.newCheckout(9);
    const { ids } = await client.pay('4242424242424242');
    const cases = [
      [`/api/payments/TXN_NOPE`, 'No payment'],
      [`/api/payments/${reference}`, 'is a checkout reference'],
      [`/api/checkout/chk_${'x'.repeat(20)}`, 'No checkout'],
      [`/api/checkout/${ids.transactionId}`, 'is not a checkout reference'],
    ] as const;
    for (const [url, message] of cases) {
      const response = await read(url);
      expect([url, response.statusCode, response.json()]).toEqual([
        url,
        404,
        { status: 'error', code: 'not_found', message: expect.stringContaining(message) },
      ]);
    }
  });

  it("needs the secret key, and leaves the payer pages' validate route as it was", async () => {
    const reference = await client.newCheckout(9);
    expect((await read(`/api/checkout/${reference}`, t.config.publishableKey)).statusCode).toBe(401);
    const validate = await read(`/api/checkout/validate/${reference}`, t.config.publishableKey);
    expect([validate.statusCode, validate.json().status]).toEqual([200, 'success']);
  });
});

describe('events in the outbox', () => {
  it.each([
    ['4242424242424242', 'completed', 'payment.succeeded'],
    ['4000000000000002', 'failed', 'payment.failed'],
    ['4000000000007205', 'pending', 'payment.pending'],
  ])("a payment with %s stored %s writes one %s with the read API's object", async (card, status, type) => {
    const { ids } = await client.pay(card);
    const events = await eventsAbout(ids.transactionId);
    expect(events.map((event) => event.type)).toEqual([type]);
    expect(events[0]!.object).toEqual((await read(`/api/payments/${ids.transactionId}`)).json().data);
    expect(events[0]!.object.status).toBe(status);
  });

  it('a paid checkout writes checkout.completed listing its payment; a late payment is voided with its own event', async () => {
    const reference = await client.newCheckout(30);
    const pending = await client.pay('4000000000007205', inCheckout(reference));
    const paid = await client.pay('4242424242424242', inCheckout(reference));
    expect([pending.result?.status, paid.result?.status]).toEqual(['pending', 'completed']);
    await t.db.query(`update transactions set resolve_at = now() where transaction_id = $1`, [pending.ids.transactionId]);
    expect(await resolveDuePayments(t.db)).toBeGreaterThanOrEqual(1);

    const completed = (await eventsAbout(reference)).filter((event) => event.type === 'checkout.completed');
    expect(completed).toHaveLength(1);
    const object = checkoutObject.parse(completed[0]!.object);
    expect(object).toMatchObject({ status: 'completed', transaction_id: paid.ids.transactionId });
    expect(object.payments.map((p) => [p.id, p.status])).toEqual([
      [pending.ids.transactionId, 'pending'],
      [paid.ids.transactionId, 'completed'],
    ]);
    expect((await eventsAbout(paid.ids.transactionId)).map((event) => event.type)).toEqual(['payment.succeeded']);
    const late = await eventsAbout(pending.ids.transactionId);
    expect(late.map((event) => [event.type, event.object.status])).toEqual([
      ['payment.pending', 'pending'],
      ['payment.voided', 'voided'],
    ]);
  });

  it('a pending payment that settles as paid writes payment.succeeded and its checkout.completed', async () => {
    const reference = await client.newCheckout(31);
    const { ids } = await client.pay('4000000000007205', inCheckout(reference));
    await t.db.query(`update transactions set resolve_at = now() where transaction_id = $1`, [ids.transactionId]);
    await resolveDuePayments(t.db);
    expect((await eventsAbout(ids.transactionId)).map((event) => event.type)).toEqual(['payment.pending', 'payment.succeeded']);
    const [completed] = (await eventsAbout(reference)).filter((event) => event.type === 'checkout.completed');
    expect(checkoutObject.parse(completed!.object).payments).toEqual([
      expect.objectContaining({ id: ids.transactionId, status: 'completed' }),
    ]);
  });

  it('settled withdrawals write withdrawal.completed or withdrawal.failed, the account by its last four digits', async () => {
    const admin = walletApi(t.app, await login(t.app, 'admin@paydesk.test'));
    const good = { reference: (await admin.withdraw(aWithdrawal(1.5, { account_number: '12345678' }))).json().data.transaction_id };
    const bad = { reference: (await admin.withdraw(aWithdrawal(2.25, { account_number: '55550000' }))).json().data.transaction_id };
    expect(await eventsAbout(good.reference)).toEqual([]);
    await makeWithdrawalsDue(t.db);
    await settleDueWithdrawals(t.db);
    const [completed] = await eventsAbout(good.reference);
    const [failed] = await eventsAbout(bad.reference);
    expect([completed!.type, failed!.type]).toEqual(['withdrawal.completed', 'withdrawal.failed']);
    expect(withdrawalObject.parse(completed!.object)).toMatchObject({
      id: good.reference,
      amount: '1.50',
      status: 'completed',
      account_last4: '5678',
      failure_reason: null,
    });
    expect(withdrawalObject.parse(failed!.object)).toMatchObject({
      amount: '2.25',
      status: 'failed',
      account_last4: '0000',
      failure_reason: expect.any(String),
    });
    expect(JSON.stringify([completed, failed])).not.toMatch(/12345678|55550000/);
  });
});

/**
 * The database builds the objects (payment_object, checkout_object, refund_object,
 * withdrawal_object and dispute_object, migrations 019, 022 and 036); TypeScript defines them (the shared zod schemas).
 * Each function's output, for every status its object can have and with the columns that may be
 * missing, must parse to itself: a field the SQL lacks, or one it adds (zod drops a key its schema
 * does not name), or a value of another form, fails here.
 */
describe('the objects the database builds have the shared shapes, for every status', () => {
  function expectShape(schema: z.ZodType, cases: { label: string; object: unknown }[]) {
    expect(cases.length).toBeGreaterThan(0);
    for (const { label, object } of cases) {
      const parsed = schema.safeParse(object);
      expect([label, parsed.success ? [] : parsed.error.issues]).toEqual([label, []]);
      expect([label, parsed.data]).toEqual([label, object]);
    }
  }

  /** A paid checkout whose payment has a succeeded and a pending refund, and a payment of the demo's history. */
  async function rows() {
    const reference = await client.newCheckout(60);
    const { ids } = await client.pay('4242424242424242', inCheckout(reference));
    const refunds = merchantRefunds(t.app, t.config.secretKey);
    await refunds.create({ transaction_id: ids.transactionId, amount: 10, reason: 'duplicate' });
    await settleNow(t);
    await refunds.create({ transaction_id: ids.transactionId, amount: 5, reason: 'other', note: 'a note' });
    const [seeded] = await t.db.query<{ transaction_id: string }>(
      `select transaction_id from transactions where checkout_reference is null and transaction_id <> $1 order by id limit 1`,
      [ids.transactionId],
    );
    return { reference, payments: [ids.transactionId, seeded!.transaction_id] };
  }

  // Columns an older or a seeded row may hold empty.
  const emptied = { card_brand: null, last_four: null, response_message: null, checkout_reference: null };

  it('payment_object: every payment status, with and without refunds, with the columns that may be missing', async () => {
    const { payments } = await rows();
    const built = await t.db.query<{ label: string; object: unknown }>(
      `select t.transaction_id || ' ' || s.status || ' ' || v.variant as label,
              payment_object(jsonb_populate_record(t, jsonb_build_object('status', s.status) || v.changes)) as object
         from transactions t cross join unnest($2::text[]) as s(status)
              cross join (values ('as stored', '{}'::jsonb), ('emptied', $3::jsonb)) as v(variant, changes)
        where t.transaction_id = any($1::text[])`,
      [payments, transactionStatuses, JSON.stringify(emptied)],
    );
    expect(built).toHaveLength(payments.length * transactionStatuses.length * 2);
    expectShape(paymentObject, built);
  });

  it('checkout_object: every checkout status, alone and with a payment of every status being written', async () => {
    const { reference, payments } = await rows();
    const built = await t.db.query<{ label: string; object: unknown }>(
      `select cs.status || ' alone' as label,
              checkout_object(jsonb_populate_record(c, jsonb_build_object('status', cs.status, 'metadata', '{"order": "A-1"}'::jsonb,
                                                                           'callback_url', 'https://shop.example/done'))) as object
         from checkouts c cross join unnest($2::text[]) as cs(status)
        where c.reference = $1
       union all
       select cs.status || ' paying ' || ps.status,
              checkout_object(jsonb_populate_record(c, jsonb_build_object('status', cs.status)),
                              jsonb_populate_record(t, jsonb_build_object('status', ps.status)))
         from checkouts c cross join unnest($2::text[]) as cs(status) cross join unnest($3::text[]) as ps(status)
              join transactions t on t.transaction_id = any($4::text[])
        where c.reference = $1`,
      [reference, checkoutStatuses, transactionStatuses, payments],
    );
    expect(built).toHaveLength(checkoutStatuses.length * (1 + transactionStatuses.length * payments.length));
    expectShape(checkoutObject, built);
  });

  it('refund_object: every refund status, asked by the API, by a staff member and by one since deleted', async () => {
    await rows();
    const [admin] = await t.db.query<{ id: number }>(`select id from users where email = 'admin@paydesk.test'`);
    const built = await t.db.query<{ label: string; object: unknown }>(
      `select s.status || ' ' || w.via as label,
              refund_object(jsonb_populate_record(r, jsonb_build_object(
                'status', s.status, 'requested_via', w.requested_via, 'requested_by', w.requested_by,
                'settled_at', case when s.status = 'pending' then null else now() end,
                'failure_reason', case when s.status = 'failed' then 'The card network refused the refund' end))) as object
         from refunds r
              cross join unnest($1::text[]) as s(status)
              cross join (values ('api', 'api', null), ('staff', 'back_office', $2::int), ('deleted staff', 'back_office', null))
                           as w(via, requested_via, requested_by)
        where r.id = (select id from refunds order by created_at desc, id limit 1)`,
      [refundStatuses, admin!.id],
    );
    expect(built).toHaveLength(refundStatuses.length * 3);
    expectShape(refundObject, built);
  });

  it('withdrawal_object: every withdrawal status', async () => {
    const wallet = walletApi(t.app, await login(t.app, 'admin@paydesk.test'));
    expect((await wallet.withdraw(aWithdrawal(1.25))).statusCode).toBe(201);
    const built = await t.db.query<{ label: string; object: unknown }>(
      `select s.status as label,
              withdrawal_object(jsonb_populate_record(w, jsonb_build_object(
                'status', s.status,
                'processed_at', case when s.status = 'pending' then null else now() end,
                'failure_reason', case when s.status = 'failed' then 'The receiving bank rejected the account' end))) as object
         from withdrawals w cross join unnest($1::text[]) as s(status)
        where w.id = (select max(id) from withdrawals)`,
      [withdrawalStatuses],
    );
    expect(built).toHaveLength(withdrawalStatuses.length);
    expectShape(withdrawalObject, built);
  });

  it('dispute_object: every dispute status, without evidence and with every field, before and after its due date', async () => {
    const { disputeId } = await disputedPayment(t, 45);
    const every = JSON.stringify(Object.fromEntries(disputeEvidenceFields.map((field) => [field, `${field} given`])));
    const built = await t.db.query<{ label: string; object: unknown }>(
      `select s.status || ' ' || v.variant as label,
              dispute_object(jsonb_populate_record(d, jsonb_build_object('status', s.status) || v.changes)) as object
         from disputes d cross join unnest($2::text[]) as s(status)
              cross join (values ('bare', '{}'::jsonb),
                                 ('every field, past due', jsonb_build_object('evidence', $3::jsonb, 'due_by', now() - interval '1 day',
                                                                              'submission_count', 2, 'closed_at', now())),
                                 ('submitted', jsonb_build_object('submitted_at', now(), 'submission_count', 1))) as v(variant, changes)
        where d.id = $1`,
      [disputeId, disputeStatuses, every],
    );
    expect(built).toHaveLength(disputeStatuses.length * 3);
    expectShape(disputeObject, built);
    expect(built.map(({ object }) => (object as { evidence_details: { past_due: boolean } }).evidence_details.past_due)).toContain(true);
  });

  it("the event types of the payment's statement are paymentEventTypes and checkoutEventTypes, for every status", async () => {
    const typesOf = async (types: Readonly<Record<string, EventType | null>>, statuses: readonly string[]) =>
      Object.fromEntries(
        (
          await t.db.query<{ status: string; type: string | null }>(
            `select u.status, ${eventTypeSql(types, 'u.status')} as type from unnest($1::text[]) as u(status)`,
            [statuses],
          )
        ).map((row) => [row.status, row.type]),
      );
    expect(await typesOf(paymentEventTypes, transactionStatuses)).toEqual(paymentEventTypes);
    expect(await typesOf(checkoutEventTypes, checkoutStatuses)).toEqual(checkoutEventTypes);
  });
});
