import { disputeObject } from '@paydesk/shared/schemas/merchant-objects';
import type { TestApp } from './helper';
import {
  availableCents,
  DISPUTE_CARD,
  disputedPayment,
  disputeEvents,
  disputeOf,
  disputePostings,
  disputesTestApp,
  eventTypes,
  FEE,
  INQUIRY_CARD,
  makeDue,
  paymentStatus,
  runDisputes,
  type DisputesApi,
} from './disputes-fixtures';
import { paidPayment } from './refunds-fixtures';

/**
 * The sandbox issuer (DSP-02, DSP-04, DSP-05): its test cards, the evidence it decides, the due
 * dates it enforces, and the money and events of each move. One app for the file; each test makes
 * its own payments.
 */
let t: TestApp;
let api: DisputesApi;
beforeAll(async () => {
  ({ t, api } = await disputesTestApp());
}, 60_000);
afterAll(() => t?.close());

describe('the sandbox issuer (DSP-02, DSP-04, DSP-05)', () => {
  it('disputes a payment of 4000000000000259 as fraudulent after DISPUTE_OPEN_SECONDS: its amount and the fee leave the balance', async () => {
    const transactionId = await paidPayment(t, 80, DISPUTE_CARD);
    await runDisputes(t, 3600);
    expect(await t.db.query('select id from disputes where transaction_id = $1', [transactionId])).toEqual([]);

    const before = await availableCents(t.db);
    await runDisputes(t, 0);
    const [{ id } = { id: '' }] = await t.db.query<{ id: string }>('select id from disputes where transaction_id = $1', [transactionId]);
    const dispute = await disputeOf(api, id);
    expect(dispute).toMatchObject({
      object: 'dispute',
      id: expect.stringMatching(/^dp_/),
      transaction_id: transactionId,
      amount: '80.00',
      fee: '15.00',
      currency: 'USD',
      reason: 'fraudulent',
      status: 'needs_response',
      evidence_details: { has_evidence: false, past_due: false, submission_count: 0 },
    });
    expect(Object.values(dispute.evidence).every((value) => value === null)).toBe(true);
    const due = Date.parse(dispute.evidence_details.due_by) - Date.parse(dispute.created_at);
    expect(due).toBe(t.config.disputeResponseSeconds * 1000);
    expect(await availableCents(t.db)).toBe(before - 8000 - FEE);
    expect(await disputePostings(t.db, id)).toEqual([
      { kind: 'dispute_funds_withdrawn', source: `dispute:${id}:dispute_funds_withdrawn`, available: -8000 },
      { kind: 'dispute_fee', source: `dispute:${id}:dispute_fee`, available: -FEE },
    ]);
    expect(await paymentStatus(t, transactionId)).toBe('disputed');
    const events = await disputeEvents(t.db, id);
    expect(events.map((event) => event.type)).toEqual(['dispute.created', 'dispute.funds_withdrawn']);
    expect(events.map((event) => disputeObject.parse(event.object).status)).toEqual(['needs_response', 'needs_response']);

    // Once only: the next runs open nothing more for it.
    await runDisputes(t, 0);
    expect(await t.db.query('select id from disputes where transaction_id = $1', [transactionId])).toHaveLength(1);
  });

  it('opens an inquiry for a payment of 4000000000001976: a warning that moves no money', async () => {
    const before = await availableCents(t.db);
    const { transactionId, disputeId } = await disputedPayment(t, 30, INQUIRY_CARD);
    const after = await availableCents(t.db);
    expect(await disputeOf(api, disputeId)).toMatchObject({ status: 'warning_needs_response', fee: '0.00', amount: '30.00' });
    // The payment's own credit (net of its fee) is all that moved.
    const [payment] = await t.db.query<{ net: number }>('select net_cents::int as net from transactions where transaction_id = $1', [
      transactionId,
    ]);
    expect(after - before).toBe(payment!.net);
    expect(await disputePostings(t.db, disputeId)).toEqual([]);
    expect(await paymentStatus(t, transactionId)).toBe('disputed');
    expect(await eventTypes(t.db, disputeId)).toEqual(['dispute.created']);
  });

  it('saves evidence without submitting it, then submits it: winning_evidence wins, the amount comes back and the fee stays', async () => {
    const { transactionId, disputeId } = await disputedPayment(t, 60);
    const before = await availableCents(t.db);

    const saved = await api.update(disputeId, {
      evidence: { customer_name: 'Ada Lovelace', uncategorized_text: 'Signed for: winning_evidence' },
    });
    expect([saved.statusCode, saved.json().message]).toEqual([200, 'Evidence saved']);
    expect(disputeObject.parse(saved.json().data)).toMatchObject({
      status: 'needs_response',
      evidence: { customer_name: 'Ada Lovelace', uncategorized_text: 'Signed for: winning_evidence', receipt: null },
      evidence_details: { has_evidence: true, submission_count: 0 },
    });
    // A field left out keeps its value; an empty text clears one.
    const changed = await api.update(disputeId, { evidence: { product_description: 'A lamp', customer_name: '' } });
    expect(changed.json().data.evidence).toMatchObject({ customer_name: null, product_description: 'A lamp' });

    const submitted = await api.update(disputeId, { evidence: { customer_email_address: 'ada@example.com' }, submit: true });
    expect([submitted.statusCode, submitted.json().message]).toEqual([200, 'Evidence submitted']);
    expect(submitted.json().data).toMatchObject({ status: 'under_review', evidence_details: { submission_count: 1 } });
    expect(await availableCents(t.db)).toBe(before);

    await runDisputes(t);
    expect((await disputeOf(api, disputeId)).status).toBe('won');
    expect(await availableCents(t.db)).toBe(before + 6000);
    expect((await disputePostings(t.db, disputeId)).map((p) => [p.kind, p.available])).toEqual([
      ['dispute_funds_withdrawn', -6000],
      ['dispute_fee', -FEE],
      ['dispute_funds_reinstated', 6000],
    ]);
    expect(await paymentStatus(t, transactionId)).toBe('completed');
    expect(await eventTypes(t.db, disputeId)).toEqual([
      'dispute.created',
      'dispute.funds_withdrawn',
      'dispute.updated',
      'dispute.updated',
      'dispute.updated',
      'dispute.closed',
      'dispute.funds_reinstated',
    ]);
  });

  it('losing_evidence loses: nothing more moves and the payment stays disputed', async () => {
    const { transactionId, disputeId } = await disputedPayment(t, 40);
    const before = await availableCents(t.db);
    await api.update(disputeId, { evidence: { uncategorized_text: 'losing_evidence' }, submit: true });
    await runDisputes(t);
    expect((await disputeOf(api, disputeId)).status).toBe('lost');
    expect(await availableCents(t.db)).toBe(before);
    expect(await paymentStatus(t, transactionId)).toBe('disputed');
    expect((await eventTypes(t.db, disputeId)).slice(-1)).toEqual(['dispute.closed']);
  });

  it('decides other evidence after DISPUTE_DECISION_SECONDS, against the merchant', async () => {
    const { disputeId } = await disputedPayment(t, 20);
    await api.update(disputeId, { evidence: { product_description: 'Delivered on time' }, submit: true });
    await runDisputes(t);
    expect((await disputeOf(api, disputeId)).status).toBe('under_review');
    await new Promise((resolve) => setTimeout(resolve, t.config.disputeDecisionSeconds * 1000 + 100));
    await runDisputes(t);
    expect((await disputeOf(api, disputeId)).status).toBe('lost');
  });

  it('loses a dispute not answered by its due date, and refuses evidence after it (dispute_past_due)', async () => {
    const { disputeId } = await disputedPayment(t, 25);
    await makeDue(t.db, disputeId, 'due');
    const late = await api.update(disputeId, { evidence: { customer_name: 'Ada' } });
    expect([late.statusCode, late.json().code]).toEqual([409, 'dispute_past_due']);
    const before = await availableCents(t.db);
    await runDisputes(t);
    expect(await disputeOf(api, disputeId)).toMatchObject({ status: 'lost', evidence_details: { past_due: true, has_evidence: false } });
    expect(await availableCents(t.db)).toBe(before);
  });

  it('closes an inquiry decided for the merchant; one decided against, or not answered, becomes a dispute and takes the money then', async () => {
    const won = await disputedPayment(t, 11, INQUIRY_CARD);
    const lost = await disputedPayment(t, 12, INQUIRY_CARD);
    const silent = await disputedPayment(t, 13, INQUIRY_CARD);
    await api.update(won.disputeId, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true });
    expect((await disputeOf(api, won.disputeId)).status).toBe('warning_under_review');
    await api.update(lost.disputeId, { evidence: { uncategorized_text: 'losing_evidence' }, submit: true });
    await makeDue(t.db, silent.disputeId, 'due');
    const before = await availableCents(t.db);
    await runDisputes(t);

    expect(await disputeOf(api, won.disputeId)).toMatchObject({ status: 'warning_closed', fee: '0.00' });
    expect(await paymentStatus(t, won.transactionId)).toBe('completed');
    expect(await disputePostings(t.db, won.disputeId)).toEqual([]);

    for (const { disputeId, cents } of [
      { disputeId: lost.disputeId, cents: 1200 },
      { disputeId: silent.disputeId, cents: 1300 },
    ]) {
      const dispute = await disputeOf(api, disputeId);
      expect(dispute).toMatchObject({ status: 'needs_response', fee: '15.00', evidence_details: { past_due: false } });
      expect(Date.parse(dispute.evidence_details.due_by)).toBeGreaterThan(Date.now());
      expect((await disputePostings(t.db, disputeId)).map((p) => p.available)).toEqual([-cents, -FEE]);
      expect((await eventTypes(t.db, disputeId)).slice(-2)).toEqual(['dispute.funds_withdrawn', 'dispute.updated']);
    }
    expect(await availableCents(t.db)).toBe(before - 1200 - 1300 - 2 * FEE);
    // The dispute an inquiry became takes evidence again.
    const again = await api.update(lost.disputeId, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true });
    expect(again.json().data).toMatchObject({ status: 'under_review', evidence_details: { submission_count: 2 } });
    await runDisputes(t);
    expect((await disputeOf(api, lost.disputeId)).status).toBe('won');
  });
});
