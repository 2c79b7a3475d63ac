import { seal } from '@paydesk/shared/crypto/envelope';
import { VOIDED_MESSAGE } from '../src/payments/payments-repository';
import { resolveDuePayments } from '../src/payments/settlement';
import { cardNumber, cardRow, cardsApi, futureYear, workbook } from './cards-fixtures';
import { buildTestApp, login, type TestApp } from './helper';
import { payerClient } from './payments-client';

/**
 * At most one paid payment per checkout, decided by the database: payments racing for one
 * checkout, and payments that complete after their checkout was paid by another card.
 */
let t: TestApp;
let client: ReturnType<typeof payerClient>;
beforeAll(async () => {
  t = await buildTestApp();
  client = payerClient(t.app, t.config);
}, 60_000);
afterAll(() => t?.close());

const newCheckout = () => client.newCheckout(75);
const inCheckout = (reference: string) => ({ checkout: true, checkout_reference: reference });
const checkoutRow = async (reference: string) =>
  (
    await t.db.query<{ status: string; transaction_id: string | null }>(
      'select status, transaction_id from checkouts where reference = $1',
      [reference],
    )
  )[0];
const paymentsOf = (reference: string) =>
  t.db.query<{ transaction_id: string; status: string; fee_cents: number; postings: number }>(
    `select t.transaction_id, t.status, t.fee_cents::int as fee_cents,
       (select count(*)::int from ledger_postings p where p.transaction_id = t.transaction_id and p.kind = 'payment') as postings
     from transactions t where t.checkout_reference = $1 order by t.transaction_id`,
    [reference],
  );

describe('payments racing for one checkout', () => {
  const cards = ['4242424242424242', '5555555555554444', '378282246310005', '6011111111111117'];

  it.each([1, 2, 3])('four cards at once: one is paid and credited, none of the others is charged (round %i)', async () => {
    const reference = await newCheckout();
    const inits = await Promise.all(cards.map(async (card) => ({ card, ids: (await client.initialize(card, reference)).json().data })));
    const answers = await Promise.all(
      inits.map(({ card, ids }) => client.processRaw(seal(client.payload(ids, card, inCheckout(reference)), client.keys))),
    );
    // A card whose processing starts after the checkout is paid is refused before it is charged
    // (400, nothing stored); one that was already under way is stored voided by the statement.
    const payments = await paymentsOf(reference);
    inits.forEach(({ ids }, i) => {
      const stored = payments.find((payment) => payment.transaction_id === ids.transactionId);
      if (answers[i]!.statusCode === 400) {
        expect([answers[i]!.json().message, stored]).toEqual(['This payment has already been completed', undefined]);
      } else {
        expect([answers[i]!.statusCode, stored?.status]).toEqual([200, expect.stringMatching(/^(completed|voided)$/)]);
      }
    });
    const paid = payments.filter((payment) => payment.status === 'completed');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.postings).toBe(1);
    for (const payment of payments.filter((p) => p.status === 'voided')) expect([payment.fee_cents, payment.postings]).toEqual([0, 0]);
    expect(await checkoutRow(reference)).toEqual({ status: 'completed', transaction_id: paid[0]!.transaction_id });
  });

  it('refuses a card submitted after its checkout was paid before anything is charged', async () => {
    const reference = await newCheckout();
    const early = (await client.initialize('5555555555554444', reference)).json().data;
    await client.pay('4242424242424242', inCheckout(reference));
    const late = await client.processRaw(seal(client.payload(early, '5555555555554444', inCheckout(reference)), client.keys));
    expect([late.statusCode, late.json()]).toEqual([
      400,
      { status: 'error', message: 'This payment has already been completed', code: 'invalid_request' },
    ]);
    expect((await paymentsOf(reference)).map((payment) => payment.transaction_id)).not.toContain(early.transactionId);
  });

  it('the database refuses a second paid payment for a checkout whatever writes it', async () => {
    const reference = await newCheckout();
    const { ids } = await client.pay('4242424242424242', inCheckout(reference));
    const copy = `${ids.transactionId}X`;
    await expect(
      t.db.query(
        `insert into transactions (transaction_id, order_id, checkout_reference, first_name, last_name, email, phone, amount_cents, fee_cents, net_cents, status, card_brand, last_four, processor)
         select $2, order_id || 'X', checkout_reference, first_name, last_name, email, phone, amount_cents, fee_cents, net_cents, status, card_brand, last_four, processor
         from transactions where transaction_id = $1`,
        [ids.transactionId, copy],
      ),
    ).rejects.toThrow(/transactions_one_paid_per_checkout_idx/);
  });
});

describe('a payment that completes after another card paid its checkout', () => {
  it('a 3-D Secure payment completed afterwards is voided, not credited', async () => {
    const reference = await newCheckout();
    const challenged = await client.pay('4000000000003220', inCheckout(reference));
    expect(challenged.result?.status).toBe('pending_3d');
    const second = await client.pay('4242424242424242', inCheckout(reference));
    expect(second.result?.status).toBe('completed');
    const complete = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/acs/result',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `transaction_id=${challenged.ids.transactionId}&outcome=complete&return_origin=http://localhost`,
    });
    expect(complete.statusCode).toBe(200);
    expect((await client.requery(challenged.ids.transactionId)).data).toMatchObject({ status: 'voided', response_message: VOIDED_MESSAGE });
    expect(await paymentsOf(reference)).toEqual(
      [
        { transaction_id: second.ids.transactionId, status: 'completed', fee_cents: expect.any(Number), postings: 1 },
        { transaction_id: challenged.ids.transactionId, status: 'voided', fee_cents: 0, postings: 0 },
      ].sort((a, b) => a.transaction_id.localeCompare(b.transaction_id)),
    );
    expect(await checkoutRow(reference)).toEqual({ status: 'completed', transaction_id: second.ids.transactionId });
  });

  it('a pending payment that the bank approves afterwards is voided, not credited', async () => {
    const reference = await newCheckout();
    const pending = await client.pay('4000000000007205', inCheckout(reference));
    expect(pending.result?.status).toBe('pending');
    const second = await client.pay('4242424242424242', inCheckout(reference));
    expect(second.result?.status).toBe('completed');
    await t.db.query('update transactions set resolve_at = now() where transaction_id = $1', [pending.ids.transactionId]);
    await resolveDuePayments(t.db);
    const payments = await paymentsOf(reference);
    expect(payments.find((p) => p.transaction_id === pending.ids.transactionId)).toEqual({
      transaction_id: pending.ids.transactionId,
      status: 'voided',
      fee_cents: 0,
      postings: 0,
    });
    expect(payments.filter((p) => p.postings > 0).map((p) => p.transaction_id)).toEqual([second.ids.transactionId]);
  });

  it('a payment that completes after its checkout failed is voided', async () => {
    const reference = await newCheckout();
    const pending = await client.pay('4000000000007205', inCheckout(reference));
    await t.db.query(`update checkouts set status = 'failed' where reference = $1`, [reference]);
    await t.db.query('update transactions set resolve_at = now() where transaction_id = $1', [pending.ids.transactionId]);
    await resolveDuePayments(t.db);
    expect((await paymentsOf(reference))[0]).toMatchObject({ status: 'voided', postings: 0 });
    expect(await checkoutRow(reference)).toEqual({ status: 'failed', transaction_id: null });
  });
});

/** A fresh app (cold caches, as after a start) whose issuer pool holds one card, and its payer client. */
async function freshAppWithPooledCard(poolMax?: number) {
  const fresh = await buildTestApp({}, { poolMax });
  const cards = cardsApi(fresh.app, await login(fresh.app, 'admin@paydesk.test'));
  const number = cardNumber('4');
  expect((await cards.upload(workbook([cardRow(number, '123', '12', String(futureYear()))]))).statusCode).toBe(201);
  return { fresh, number, payer: payerClient(fresh.app, fresh.config) };
}

describe('a pooled card through a checkout', () => {
  it('is the first payment of a fresh server and answers (no transaction waits on the top-level handle)', async () => {
    const { fresh, number, payer } = await freshAppWithPooledCard();
    try {
      const { response, result } = await payer.pay(number, inCheckout(await payer.newCheckout(10)));
      expect(response.statusCode).toBe(200);
      expect(result?.status).toBe('completed');
    } finally {
      await fresh.close();
    }
  });

  it('many checkout payments at once on a small pool of connections all answer, one at a time on the card', async () => {
    // Two connections for ten payments that hold the card's lock in turn, the first ones after start.
    const { fresh, number, payer } = await freshAppWithPooledCard(2);
    try {
      const references = await Promise.all(Array.from({ length: 10 }, () => payer.newCheckout(10)));
      const results = await Promise.all(references.map((reference) => payer.pay(number, inCheckout(reference))));
      expect(results.map(({ response, result }) => [response.statusCode, result?.status])).toEqual(
        references.map(() => [200, 'completed']),
      );
    } finally {
      await fresh.close();
    }
  });
});
