import { bearer, buildTestApp, login, type TestApp } from './helper';
import {
  availableCents,
  disputedPayment,
  disputeOf,
  disputesApi,
  disputesTestApp,
  eventTypes,
  FEE,
  INQUIRY_CARD,
  paymentStatus,
  runDisputes,
  type DisputesApi,
} from './disputes-fixtures';
import { merchantRefunds, paidPayment, settleNow, staffRefunds } from './refunds-fixtures';
import { aWithdrawal, walletApi } from './wallet-fixtures';

/**
 * Disputes (DSP-01 to DSP-13): the merchant API and the back office's calls, the rules on
 * evidence, refunds and closing, and the money each move posts. The sandbox issuer's cards and
 * timed moves are dispute-issuer.test.ts; evidence files and the back office's dispute page are
 * dispute-files.test.ts; the lists and their totals are dispute-list.test.ts. One app for the file;
 * each test makes its own payments.
 */
let t: TestApp;
let api: DisputesApi;
let staff: DisputesApi;
let adminToken: string;
beforeAll(async () => {
  ({ t, api, staff, adminToken } = await disputesTestApp());
}, 60_000);
afterAll(() => t?.close());

describe('the rules (DSP-06, DSP-07)', () => {
  it('keeps submitted evidence final, accepts no dispute under review, and takes nothing on a closed one', async () => {
    const { disputeId } = await disputedPayment(t, 15);
    await api.update(disputeId, { evidence: { uncategorized_text: 'losing_evidence' }, submit: true });
    const more = await api.update(disputeId, { evidence: { customer_name: 'Ada' } });
    expect([more.statusCode, more.json().code]).toEqual([409, 'dispute_evidence_submitted']);
    const accept = await api.close(disputeId);
    expect([accept.statusCode, accept.json().code]).toEqual([409, 'dispute_evidence_submitted']);
    await runDisputes(t);
    const closed = await api.close(disputeId);
    expect([closed.statusCode, closed.json().code, closed.json().message]).toEqual([
      409,
      'dispute_closed',
      'This dispute is closed already (lost)',
    ]);
    const late = await api.update(disputeId, { evidence: { customer_name: 'Ada' }, submit: true });
    expect([late.statusCode, late.json().code]).toEqual([409, 'dispute_closed']);
  });

  it('accepting a dispute loses it at once and moves no more money; accepting an inquiry closes it and gives the payment its status back', async () => {
    const dispute = await disputedPayment(t, 14);
    const inquiry = await disputedPayment(t, 16, INQUIRY_CARD);
    const before = await availableCents(t.db);
    const accepted = await api.close(dispute.disputeId);
    expect([accepted.statusCode, accepted.json().message, accepted.json().data.status]).toEqual([200, 'Dispute accepted', 'lost']);
    expect((await staff.close(inquiry.disputeId)).json().data.status).toBe('warning_closed');
    expect(await availableCents(t.db)).toBe(before);
    expect(await paymentStatus(t, dispute.transactionId)).toBe('disputed');
    expect(await paymentStatus(t, inquiry.transactionId)).toBe('completed');
    expect((await eventTypes(t.db, dispute.disputeId)).slice(-1)).toEqual(['dispute.closed']);
  });

  it('refuses to refund a disputed payment (charge_disputed), open or lost; a won one can be refunded', async () => {
    const open = await disputedPayment(t, 18);
    const refunds = merchantRefunds(t.app, t.config.secretKey);
    const byApi = await refunds.create({ transaction_id: open.transactionId, reason: 'other' });
    expect([byApi.statusCode, byApi.json().code]).toEqual([409, 'charge_disputed']);
    const byStaff = await staffRefunds(t.app, adminToken).create(open.transactionId, { reason: 'other' });
    expect([byStaff.statusCode, byStaff.json().code]).toEqual([409, 'charge_disputed']);
    await api.close(open.disputeId);
    expect((await refunds.create({ transaction_id: open.transactionId, reason: 'other' })).json().code).toBe('charge_disputed');

    const won = await disputedPayment(t, 19);
    await api.update(won.disputeId, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true });
    await runDisputes(t);
    expect((await refunds.create({ transaction_id: won.transactionId, amount: 5, reason: 'other' })).statusCode).toBe(201);
  });

  it('disputes a payment refunded in part only for what is left, never one refunded in full, and a payment once', async () => {
    const refunds = merchantRefunds(t.app, t.config.secretKey);
    const full = await paidPayment(t, 50);
    expect((await refunds.create({ transaction_id: full, reason: 'other' })).statusCode).toBe(201);
    const refused = await staff.open(full, { reason: 'fraudulent' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'payment_not_disputable']);
    await settleNow(t);
    expect((await staff.open(full, { reason: 'fraudulent' })).json().message).toBe(
      'This payment is refunded in full: it cannot be disputed',
    );

    const part = await paidPayment(t, 50);
    expect((await refunds.create({ transaction_id: part, amount: 20, reason: 'other' })).statusCode).toBe(201);
    const tooMuch = await staff.open(part, { reason: 'general', amount: 31 });
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([409, 'Only $30.00 of this payment is left after its refunds to dispute']);
    const opened = await staff.open(part, { reason: 'general' });
    expect([opened.statusCode, opened.json().message, opened.json().data.amount]).toEqual([201, 'Dispute opened', '30.00']);
    const twice = await staff.open(part, { reason: 'general' });
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'payment_not_disputable']);
    await api.close(opened.json().data.id);
    expect((await staff.open(part, { reason: 'general' })).json().code).toBe('payment_not_disputable');

    const failed = (
      await t.db.query<{ transaction_id: string }>(`select transaction_id from transactions where status = 'failed' limit 1`)
    )[0]!;
    expect((await staff.open(failed.transaction_id, { reason: 'general' })).json().code).toBe('payment_not_disputable');
    expect((await staff.open('TXN_NO_SUCH_PAYMENT', { reason: 'general' })).statusCode).toBe(404);
  });

  it('opens disputes by hand in demo mode only, as a dispute or an inquiry, and audits it', async () => {
    const inquiry = await staff.open(await paidPayment(t, 21), { reason: 'product_not_received', inquiry: true });
    expect(inquiry.json().data).toMatchObject({ status: 'warning_needs_response', reason: 'product_not_received', fee: '0.00' });
    const [entry] = await t.db.query<{ actor_email: string; changes: Record<string, { to: unknown }> }>(
      `select actor_email, changes from audit_log where action = 'dispute.opened' and target_id = $1`,
      [inquiry.json().data.id],
    );
    expect(entry).toMatchObject({ actor_email: 'admin@paydesk.test', changes: { status: { to: 'warning_needs_response' } } });

    // The back office offers it where the server says it runs in demo mode.
    const modeOf = async (app: TestApp['app']) =>
      (await app.inject({ url: '/api/auth/me', headers: bearer(await login(app, 'admin@paydesk.test')) })).json().data.mode;
    expect(await modeOf(t.app)).toBe('demo');
    const production = await buildTestApp({}, { db: t.db });
    try {
      const token = await login(production.app, 'admin@paydesk.test');
      const refused = await disputesApi(production.app, token, '/api/backend').open(await paidPayment(t, 21), { reason: 'general' });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'forbidden']);
      expect(await modeOf(production.app)).toBe('production');
    } finally {
      await production.app.close();
    }
  });

  it('answers unknown ids with 404 and bad input with 400, changing nothing', async () => {
    const { disputeId } = await disputedPayment(t, 17);
    expect((await api.get('dp_NOSUCHDISPUTE0000000000')).statusCode).toBe(404);
    expect((await api.get('re_NOSUCHREFUND')).json().message).toBe('No dispute has this id: dispute ids start with dp_');
    expect((await api.close('dp_NOSUCHDISPUTE0000000000')).statusCode).toBe(404);
    const cases: [unknown, string][] = [
      [{ evidence: { favourite_colour: 'blue' } }, 'Unrecognized key'],
      [{ evidence: { uncategorized_text: 'card 4242 4242 4242 4242' } }, 'Evidence may not contain a card number'],
      [{ evidence: { receipt: 'file_NOSUCHFILE000000000000' } }, 'No file uploaded for dispute evidence has the id'],
      [{ evidence: { receipt: '../etc/passwd' } }, 'A file field takes the id'],
      [{ evidence: { product_description: 'x'.repeat(20_001) } }, 'at most 20000 characters'],
      [{ submit: true }, 'Give some evidence before submitting it'],
    ];
    for (const [body, message] of cases) {
      const response = await api.update(disputeId, body);
      expect([response.statusCode, response.json().message]).toEqual([400, expect.stringContaining(message)]);
    }
    expect(await disputeOf(api, disputeId)).toMatchObject({ status: 'needs_response', evidence_details: { has_evidence: false } });
  });
});

describe("the payment's status in the back office (DSP-13)", () => {
  it('shows a disputed payment in the dashboard counts, the list and the details, and a won one as paid again', async () => {
    const headers = bearer(adminToken);
    const read = async (url: string) => {
      const response = await t.app.inject({ url, headers });
      expect([url, response.statusCode]).toEqual([url, 200]);
      return response.json().data;
    };
    const open = await disputedPayment(t, 28);
    const [{ n } = { n: 0 }] = await t.db.query<{ n: number }>(`select count(*)::int as n from transactions where status = 'disputed'`);
    expect((await read('/api/backend/total-transactions')).disputed_transactions).toBe(n);
    const listed = await read('/api/backend/all-transactions?status=disputed&per_page=100');
    expect(listed.data.map((row: { transaction_id: string }) => row.transaction_id)).toContain(open.transactionId);
    expect((await read(`/api/backend/transaction-details/${open.transactionId}`)).status).toBe('disputed');
    for (const url of [
      '/api/backend/total-revenue',
      '/api/backend/today-stats',
      '/api/backend/recent-transactions',
      '/api/backend/chart-data?range=7days',
    ])
      await read(url);

    await api.update(open.disputeId, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true });
    await runDisputes(t);
    expect((await read(`/api/backend/transaction-details/${open.transactionId}`)).status).toBe('completed');
    expect((await read('/api/backend/total-transactions')).disputed_transactions).toBe(n - 1);
  });
});

describe('Idempotency-Key on every POST (DSP-08)', () => {
  it('answers a retried evidence update, accept and opening with the first answer, and a key reused with another body with 422', async () => {
    const { disputeId } = await disputedPayment(t, 22);
    const body = { evidence: { customer_name: 'Ada' } };
    const first = await api.update(disputeId, body, `save-${disputeId}`);
    const again = await api.update(disputeId, body, `save-${disputeId}`);
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([200, 'true', first.body]);
    const other = await api.update(disputeId, { evidence: { customer_name: 'Bob' } }, `save-${disputeId}`);
    expect([other.statusCode, other.json().code]).toEqual([422, 'idempotency_key_reused']);

    const closed = await api.close(disputeId, `close-${disputeId}`);
    const closedAgain = await api.close(disputeId, `close-${disputeId}`);
    expect([closedAgain.statusCode, closedAgain.headers['idempotent-replayed'], closedAgain.body]).toEqual([200, 'true', closed.body]);
    expect((await eventTypes(t.db, disputeId)).filter((type) => type === 'dispute.closed')).toHaveLength(1);

    const payment = await paidPayment(t, 23);
    const opened = await staff.open(payment, { reason: 'duplicate' }, `open-${payment}`);
    const openedAgain = await staff.open(payment, { reason: 'duplicate' }, `open-${payment}`);
    expect([openedAgain.statusCode, openedAgain.headers['idempotent-replayed'], openedAgain.body]).toEqual([201, 'true', opened.body]);
    expect(await t.db.query('select id from disputes where transaction_id = $1', [payment])).toHaveLength(1);
  });
});

describe('the money (DSP-09, DSP-10)', () => {
  it('lets a dispute take the balance below zero, and refuses withdrawals and refunds until it is above zero again', async () => {
    const wallet = walletApi(t.app, adminToken);
    const available = await availableCents(t.db);
    // Everything but $10 leaves for the bank, then a $80 dispute and its fee take the balance to -$85.
    expect((await wallet.withdraw(aWithdrawal((available - 1000) / 100))).statusCode).toBe(201);
    const { transactionId } = await disputedPayment(t, 80);
    const [payment] = await t.db.query<{ net: number }>('select net_cents::int as net from transactions where transaction_id = $1', [
      transactionId,
    ]);
    const negative = 1000 + payment!.net - 8000 - FEE;
    expect(negative).toBeLessThan(0);
    expect(await availableCents(t.db)).toBe(negative);
    expect(cents((await wallet.balance()).data.available_balance)).toBe(negative);

    const refused = await wallet.withdraw(aWithdrawal(1));
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'insufficient_balance']);
    expect(refused.json().message).toMatch(/^The available balance is negative \(-\$\d+\.\d{2}\) after a dispute/);
    const refund = await merchantRefunds(t.app, t.config.secretKey).create({ transaction_id: await paidPayment(t, 5), reason: 'other' });
    expect([refund.statusCode, refund.json().code]).toEqual([409, 'insufficient_balance']);

    // New payments bring it above zero, and withdrawals resume.
    await paidPayment(t, 200);
    expect(await availableCents(t.db)).toBeGreaterThan(100);
    expect((await wallet.withdraw(aWithdrawal(1))).statusCode).toBe(201);
  });
});

const cents = (decimal: string): number => Math.round(Number(decimal) * 100);

describe('the audit trail (DSP-08)', () => {
  it("records each staff action on a dispute, with the evidence fields' names and never their text", async () => {
    const { disputeId } = await disputedPayment(t, 26);
    await staff.update(disputeId, { evidence: { customer_name: 'Ada Lovelace', billing_address: '1 Analytical Way' } });
    await staff.update(disputeId, { evidence: { uncategorized_text: 'losing_evidence' }, submit: true });
    const inquiry = await disputedPayment(t, 27, INQUIRY_CARD);
    await staff.close(inquiry.disputeId);
    const entries = await t.db.query<{ action: string; target_id: string; actor_email: string; changes: Record<string, { to: unknown }> }>(
      `select action, target_id, actor_email, changes from audit_log where target_type = 'dispute' and target_id = any($1::text[]) order by id`,
      [[disputeId, inquiry.disputeId]],
    );
    expect(entries.map((e) => [e.action, e.target_id, e.actor_email])).toEqual([
      ['dispute.evidence_saved', disputeId, 'admin@paydesk.test'],
      ['dispute.evidence_submitted', disputeId, 'admin@paydesk.test'],
      ['dispute.accepted', inquiry.disputeId, 'admin@paydesk.test'],
    ]);
    expect(entries[0]!.changes.evidence_fields).toEqual({ to: ['billing_address', 'customer_name'] });
    expect(entries[1]!.changes.status).toEqual({ to: 'under_review' });
    expect(JSON.stringify(entries)).not.toMatch(/Ada Lovelace|Analytical/);
  });
});
