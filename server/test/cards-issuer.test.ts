import { open, seal } from '@paydesk/shared/crypto/envelope';
import type { TransactionResult } from '@paydesk/shared/schemas/payment';
import { buildTestApp, login, type TestApp } from './helper';
import { cardNumber, cardRow, cardsApi, futureYear, workbook } from './cards-fixtures';
import { payerClient } from './payments-client';
import { cardVault } from '../src/cards/card-vault';
import { DEMO_POOL_CARDS, seedDemoPoolCards } from '../src/demo/demo-pool-cards';

let t: TestApp;
let admin: ReturnType<typeof cardsApi>;
let payer: ReturnType<typeof payerClient>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = cardsApi(t.app, await login(t.app, 'admin@paydesk.test'));
  payer = payerClient(t.app, t.config);
}, 60_000);
afterAll(() => t?.close());

/** A new card in the pool: CVV 123, expiring 12/(now + 2), as payerClient pays by default. */
async function pooledCard(): Promise<{ number: string; id: number }> {
  const number = cardNumber('4');
  expect((await admin.upload(workbook([cardRow(number, '123', '12', String(futureYear()))]))).statusCode).toBe(201);
  return { number, id: (await admin.search({ search: number })).body.data[0]!.id };
}
const cardOf = async (number: string) => (await admin.search({ search: number })).body.data[0]!;
const wrongCvv = { cvv: '999' };

describe('the sandbox issuer checks payments against the card pool', () => {
  it('accepts a pooled card with its own expiry and CVV and records the use', async () => {
    const card = await pooledCard();
    const { result, ids } = await payer.pay(card.number);
    expect(result?.status).toBe('completed');
    const after = await cardOf(card.number);
    expect(after.failure_count).toBe(0);
    expect(after.transactions).toEqual([{ transaction_id: ids.transactionId, created_at: expect.any(String) }]);
  });

  it.each([
    ['a wrong CVV', wrongCvv, "Your card's security code is incorrect."],
    ['a wrong expiry month', { card_month: '11' }, "Your card's expiry date is incorrect."],
  ])('declines %s and raises the failure count', async (_what, extra, reason) => {
    const card = await pooledCard();
    const { result } = await payer.pay(card.number, extra);
    expect(result?.status).toBe('failed');
    expect(result?.response_message).toBe(reason);
    expect((await cardOf(card.number)).failure_count).toBe(1);
  });

  it('decides a card that joined the pool after its initialisation, as a pooled card', async () => {
    const number = cardNumber('4');
    const ids = (await payer.initialize(number)).json().data;
    expect((await admin.upload(workbook([cardRow(number, '123', '12', String(futureYear()))]))).statusCode).toBe(201);
    const response = await payer.processRaw(seal(payer.payload(ids, number, wrongCvv), payer.keys));
    expect((open(response.json().data, payer.keys) as TransactionResult).response_message).toBe("Your card's security code is incorrect.");
    expect((await cardOf(number)).failure_count).toBe(1);
  });

  it('declines a blocked card, even with the right CVV', async () => {
    const card = await pooledCard();
    await admin.setStatus(card.id, 'blocked');
    const { result } = await payer.pay(card.number);
    expect(result?.status).toBe('failed');
    expect(result?.response_message).toBe('Your card was declined: it is blocked by its issuer.');
  });

  it('blocks a card by itself after 5 consecutive failures; a success in between starts the count again', async () => {
    const card = await pooledCard();
    for (let i = 0; i < 4; i += 1) await payer.pay(card.number, wrongCvv);
    expect((await payer.pay(card.number)).result?.status).toBe('completed');
    for (let i = 0; i < 4; i += 1) await payer.pay(card.number, wrongCvv);
    expect((await cardOf(card.number)).status).toBe('active');
    await payer.pay(card.number, wrongCvv);
    const blocked = await cardOf(card.number);
    expect(blocked).toMatchObject({ status: 'blocked', failure_count: 9 });
    expect((await payer.pay(card.number)).result?.response_message).toBe('Your card was declined: it is blocked by its issuer.');
    await admin.setStatus(card.id, 'active');
    expect((await payer.pay(card.number)).result?.status).toBe('completed');
  });

  it('counts concurrent failures one by one', async () => {
    const card = await pooledCard();
    await Promise.all(Array.from({ length: 6 }, () => payer.pay(card.number, wrongCvv)));
    expect(await cardOf(card.number)).toMatchObject({ status: 'blocked', failure_count: 6 });
  });

  it('leaves cards outside the pool to the test-card table', async () => {
    expect((await payer.pay(cardNumber('4'), wrongCvv)).result?.status).toBe('completed');
  });

  it('seeds a demo pool whose documented cards pay with CVV 123 and 12 / three years on', async () => {
    await seedDemoPoolCards(t.db, { vault: cardVault(t.config.cardStorageKey), fingerprintKey: t.config.fingerprintKey });
    expect((await admin.list({ status: 'blocked' })).body.total).toBeGreaterThanOrEqual(3);
    const expiry = { card_month: '12', card_year: String(new Date().getFullYear() + 3) };
    for (const number of DEMO_POOL_CARDS) {
      expect((await payer.pay(number, expiry)).result?.status).toBe('completed');
      expect((await payer.pay(number, { ...expiry, ...wrongCvv })).result?.status).toBe('failed');
    }
  });
});
