import { buildTestApp, login, type TestApp } from './helper';
import { eventsOf, merchantRefunds, paidPayment, REFUND_FAILS, refundSums, settleNow, staffRefunds } from './refunds-fixtures';
import { aWithdrawal, cents, expectReconciled, walletApi } from './wallet-fixtures';

let t: TestApp;
let api: ReturnType<typeof merchantRefunds>;

beforeAll(async () => {
  t = await buildTestApp({ REFUND_SETTLE_SECONDS: '0' });
  api = merchantRefunds(t.app, t.config.secretKey);
}, 60_000);
afterAll(() => t?.close());

const balance = async () => (await walletApi(t.app, await login(t.app, 'admin@paydesk.test')).balance()).data;

it('refunds a payment in full by default: pending, then succeeded and the payment refunded (REF-02, REF-05, REF-06)', async () => {
  const payment = await paidPayment(t, 30);
  const before = await balance();
  const created = await api.create({ transaction_id: payment, reason: 'requested_by_customer' });
  expect(created.statusCode).toBe(201);
  const body = created.json();
  expect(body).toMatchObject({
    status: 'success',
    message: 'Refund created',
    data: { object: 'refund', amount: '30.00', status: 'pending', requested_by: 'api', settled_at: null },
  });
  expect(body.data.id).toMatch(/^re_/);
  expect(cents((await balance()).available_balance)).toBe(cents(before.available_balance) - 3000);

  expect(await settleNow(t)).toBe(1);
  const fetched = await api.get(body.data.id);
  expect(fetched.json().data).toMatchObject({ status: 'succeeded', amount: '30.00' });
  expect(fetched.json().data.settled_at).not.toBeNull();
  const staff = staffRefunds(t.app, await login(t.app, 'viewer@paydesk.test'));
  const details = await staff.details(payment);
  expect(details).toMatchObject({ status: 'refunded', amount_refunded: '30.00', payment_amount: '30.00' });
  expect(details.refunds).toHaveLength(1);
  expect((await eventsOf(t.db, body.data.id)).map((e) => [e.type, e.object.status])).toEqual([
    ['refund.created', 'pending'],
    ['refund.succeeded', 'succeeded'],
  ]);
  await expectReconciled(t.db, await balance());
});

it('refunds part, then the rest; a partial refund keeps the status and says what was refunded (REF-04, REF-05)', async () => {
  const payment = await paidPayment(t, 50);
  const staff = staffRefunds(t.app, await login(t.app, 'admin@paydesk.test'));
  const part = await staff.create(payment, { amount: 20, reason: 'duplicate', note: 'Charged twice' });
  expect(part.statusCode).toBe(201);
  expect(part.json().data).toMatchObject({
    amount: '20.00',
    reason: 'duplicate',
    note: 'Charged twice',
    requested_by: 'admin@paydesk.test',
  });
  await settleNow(t);
  expect(await staff.details(payment)).toMatchObject({ status: 'completed', amount_refunded: '20.00' });

  const tooMuch = await staff.create(payment, { amount: 30.01, reason: 'other' });
  expect(tooMuch.statusCode).toBe(409);
  expect(tooMuch.json()).toEqual({
    status: 'error',
    code: 'refund_exceeds_amount',
    message: 'Only $30.00 of this payment is left to refund',
  });

  const rest = await staff.create(payment, { reason: 'other' });
  expect(rest.json().data.amount).toBe('30.00');
  expect((await staff.details(payment)).status).toBe('completed');
  await settleNow(t);
  const details = await staff.details(payment);
  expect(details).toMatchObject({ status: 'refunded', amount_refunded: '50.00' });
  expect(details.refunds.map((r) => [r.amount, r.status])).toEqual([
    ['20.00', 'succeeded'],
    ['30.00', 'succeeded'],
  ]);

  const again = await api.create({ transaction_id: payment, reason: 'other' });
  expect(again.statusCode).toBe(409);
  expect(again.json()).toMatchObject({ code: 'payment_not_refundable', message: 'This payment is already refunded in full' });
  await expectReconciled(t.db, await balance());
});

it('refuses a payment that did not succeed, and an unknown id (REF-02)', async () => {
  const [failed] = await t.db.query<{ transaction_id: string; status: string }>(
    `select transaction_id, status from transactions where status = 'failed' limit 1`,
  );
  const [pending] = await t.db.query<{ transaction_id: string }>(
    `select transaction_id from transactions where status = 'pending' limit 1`,
  );
  for (const id of [failed!.transaction_id, pending!.transaction_id]) {
    const response = await api.create({ transaction_id: id, reason: 'other' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('payment_not_refundable');
    expect(response.json().message).toMatch(/^Only a successful payment can be refunded; this one is (failed|pending)$/);
  }
  const unknown = await api.create({ transaction_id: 'TXNNOSUCHPAYMENT', reason: 'other' });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toMatchObject({ code: 'not_found', message: 'No payment has this transaction_id' });
  expect(
    await t.db.query(`select 1 from refunds where transaction_id = any($1)`, [[failed!.transaction_id, pending!.transaction_id]]),
  ).toEqual([]);
});

it('answers 404 for an unknown refund id and for an id of another kind', async () => {
  const payment = await paidPayment(t, 5);
  for (const id of ['re_NOSUCHREFUND0000000000', payment]) {
    const response = await api.get(id);
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  }
  expect((await api.get(payment)).json().message).toBe('No refund has this id: refund ids start with re_');
});

it('checks amounts, reasons and notes with the payment amount rules (REF-03)', async () => {
  const payment = await paidPayment(t, 10);
  const cases: unknown[] = [
    { transaction_id: payment, amount: 1.005, reason: 'other' },
    { transaction_id: payment, amount: 0, reason: 'other' },
    { transaction_id: payment, amount: -5, reason: 'other' },
    { transaction_id: payment, amount: '5', reason: 'other' },
    { transaction_id: payment, reason: 'because' },
    { transaction_id: payment, reason: 'other', note: 'x'.repeat(501) },
    { transaction_id: payment, reason: 'other', note: 'card 4242 4242 4242 4242' },
    { reason: 'other' },
  ];
  for (const body of cases) {
    const response = await api.create(body);
    expect([response.statusCode, response.json().code]).toEqual([400, 'invalid_request']);
    expect(response.body).not.toContain('4242 4242 4242 4242');
  }
  expect((await refundSums(t.db, payment)).count).toBe(0);
});

it('needs the secret key, and the transactions.refund permission in the back office (REF-09)', async () => {
  const payment = await paidPayment(t, 10);
  const noKey = await t.app.inject({ method: 'POST', url: '/api/refunds', payload: { transaction_id: payment, reason: 'other' } });
  expect(noKey.statusCode).toBe(401);
  const viewer = staffRefunds(t.app, await login(t.app, 'viewer@paydesk.test'));
  const denied = await viewer.create(payment, { reason: 'other' });
  expect([denied.statusCode, denied.json().code]).toEqual([403, 'forbidden']);
  expect((await refundSums(t.db, payment)).count).toBe(0);
  const superAdmin = staffRefunds(t.app, await login(t.app, 'superadmin@paydesk.test'));
  expect((await superAdmin.create(payment, { amount: 1, reason: 'other' })).statusCode).toBe(201);
});

it('refuses a refund larger than the available balance, never going below zero (REF-04)', async () => {
  const payment = await paidPayment(t, 40);
  const wallet = walletApi(t.app, await login(t.app, 'admin@paydesk.test'));
  const available = cents((await wallet.balance()).data.available_balance);
  // Leave $10 available.
  expect((await wallet.withdraw(aWithdrawal((available - 1000) / 100))).statusCode).toBe(201);
  const refused = await api.create({ transaction_id: payment, reason: 'other' });
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({
    status: 'error',
    code: 'insufficient_balance',
    message: 'Insufficient balance to refund $40.00. Available balance: $10.00',
  });
  expect(await refundSums(t.db, payment)).toMatchObject({ count: 0, taken: 0 });
  expect((await api.create({ transaction_id: payment, amount: 10, reason: 'other' })).statusCode).toBe(201);
  const after = (await wallet.balance()).data;
  expect(after.available_balance).toBe('0.00');
  await expectReconciled(t.db, after);
  // Money paid in makes room again.
  await paidPayment(t, 100);
});

it('fails the refunds of the test card ending 5126 and returns the money (REF-07)', async () => {
  const payment = await paidPayment(t, 25, REFUND_FAILS);
  const before = await balance();
  const created = (await api.create({ transaction_id: payment, amount: 15, reason: 'fraudulent' })).json().data;
  expect(cents((await balance()).available_balance)).toBe(cents(before.available_balance) - 1500);
  await settleNow(t);
  const settled = (await api.get(created.id)).json().data;
  expect(settled.status).toBe('failed');
  expect(settled.failure_reason).toMatch(/refused the refund/);
  expect(settled.failure_reason).not.toContain(REFUND_FAILS);
  expect((await balance()).available_balance).toBe(before.available_balance);
  expect(await refundSums(t.db, payment)).toMatchObject({ failed: 1500, taken: 0 });
  const staff = staffRefunds(t.app, await login(t.app, 'admin@paydesk.test'));
  expect(await staff.details(payment)).toMatchObject({ status: 'completed', amount_refunded: '0.00' });
  expect((await eventsOf(t.db, created.id)).map((e) => e.type)).toEqual(['refund.created', 'refund.failed']);
  const postings = await t.db.query<{ kind: string }>('select kind from ledger_postings where refund_id = $1 order by id', [created.id]);
  expect(postings.map((p) => p.kind)).toEqual(['refund', 'refund_returned']);
  await expectReconciled(t.db, await balance());
  // The whole amount can be asked for again.
  expect((await api.create({ transaction_id: payment, reason: 'other' })).json().data.amount).toBe('25.00');
});

it('keeps the refund sum within the payment in the database itself', async () => {
  const payment = await paidPayment(t, 10);
  await expect(
    t.db.query('update transactions set refunded_cents = amount_cents + 1 where transaction_id = $1', [payment]),
  ).rejects.toThrow(/refunded_cents/);
  await expect(t.db.query('update transactions set refunded_cents = -1 where transaction_id = $1', [payment])).rejects.toThrow(
    /refunded_cents/,
  );
});

it('takes succeeded refunds, partial and full, from the total revenue; the fee is not returned (REF-11)', async () => {
  const admin = await login(t.app, 'admin@paydesk.test');
  const revenue = async () => {
    const response = await t.app.inject({ url: '/api/backend/total-revenue', headers: { authorization: `Bearer ${admin}` } });
    const data = response.json().data as { total_revenue: string; total_net_revenue: string; total_refunds: string };
    return { gross: cents(data.total_revenue), net: cents(data.total_net_revenue), refunds: cents(data.total_refunds) };
  };
  const partly = await paidPayment(t, 60);
  const fully = await paidPayment(t, 40);
  const before = await revenue();
  await api.create({ transaction_id: partly, amount: 15, reason: 'other' });
  await api.create({ transaction_id: fully, reason: 'other' });
  expect(await revenue()).toEqual(before); // pending: nothing yet
  await settleNow(t);
  const after = await revenue();
  // The sale refunded in full is still a sale of its day; its refund is the whole 40.00, fee kept.
  expect(before.gross - after.gross).toBe(1500 + 4000);
  expect(before.net - after.net).toBe(1500 + 4000);
  expect(after.refunds - before.refunds).toBe(1500 + 4000);
});
