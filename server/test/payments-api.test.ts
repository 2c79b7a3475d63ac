import { randomBytes } from 'node:crypto';
import { envelopeKeys, open, seal } from '@paydesk/shared/crypto/envelope';
import type { TransactionResult } from '@paydesk/shared/schemas/payment';
import { resolveDuePayments } from '../src/payments/settlement';
import { bearer, buildTestApp, type TestApp } from './helper';
import { payerClient } from './payments-client';

let t: TestApp;
let client: ReturnType<typeof payerClient>;
beforeAll(async () => {
  t = await buildTestApp();
  client = payerClient(t.app, t.config);
});
afterAll(() => t.close());

const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query<{ n: number }>(sql, params))[0]?.n);

const createCheckout = (payload: Record<string, unknown>, key = t.config.secretKey) =>
  t.app.inject({ method: 'POST', url: '/api/checkout', headers: bearer(key), payload });

const checkoutBody = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+15550101',
  amount: 120.5,
  callback_url: 'https://shop.example/done',
};

test('50 concurrent submissions of one payment charge once and all get the first answer', async () => {
  const init = (await client.initialize('4242424242424242')).json().data;
  const envelope = seal(client.payload(init, '4242424242424242'), client.keys);
  const answers = await Promise.all(Array.from({ length: 50 }, () => client.processRaw(envelope)));
  expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
  const results = answers.map((a) => open(a.json().data, client.keys) as TransactionResult);
  for (const result of results) expect(result).toEqual(results[0]);
  expect(await count('select count(*)::int as n from transactions where transaction_id = $1', [init.transactionId])).toBe(1);
});

test('20 payers initialising at once each get their own initialisation, and each can pay', async () => {
  const cards = Array.from({ length: 20 }, () => '4242424242424242');
  const inits = (await Promise.all(cards.map((card) => client.initialize(card)))).map((response) => response.json().data);
  expect(new Set(inits.map((init) => init.transactionId)).size).toBe(20);
  const ids = inits.map((init) => init.transactionId);
  expect(await count('select count(*)::int as n from card_initializations where transaction_id = any($1::text[])', [ids])).toBe(20);
  const paid = await Promise.all(inits.map((init) => client.processRaw(seal(client.payload(init, '4242424242424242'), client.keys))));
  expect(paid.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
});

describe('envelopes', () => {
  test.each([
    ['a changed byte', (e: string) => `${e.slice(0, 20)}${e[20] === 'A' ? 'B' : 'A'}${e.slice(21)}`],
    ['a truncated envelope', (e: string) => e.slice(0, e.length - 10)],
    ['plain JSON', () => JSON.stringify({ card_number: '4242424242424242' })],
    ['an envelope sealed with another key', () => seal({ hello: 'world' }, envelopeKeys(randomBytes(32).toString('hex')))],
  ])('%s gets a 400 with a message and stores nothing', async (_case, spoil) => {
    const before = await count('select count(*)::int as n from transactions');
    const init = (await client.initialize('4242424242424242')).json().data;
    const response = await client.processRaw(spoil(seal(client.payload(init, '4242424242424242'), client.keys)));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', message: expect.stringMatching(/envelope|payment data/i) });
    expect(await count('select count(*)::int as n from transactions')).toBe(before);
  });

  test('a payload with a card the server rules refuse is a 400 (the browser is not trusted)', async () => {
    const init = (await client.initialize('4242424242424242')).json().data;
    const bad = seal(client.payload(init, '4242424242424242', { cvv: '12', card_month: '01', card_year: '2020' }), client.keys);
    expect((await client.processRaw(bad)).statusCode).toBe(400);
  });

  test('text the database cannot store, sealed inside the envelope, is a 400 and stores nothing', async () => {
    const before = await count('select count(*)::int as n from transactions');
    const init = (await client.initialize('4242424242424242')).json().data;
    for (const spoilt of [{ transaction_id: '\u0000' }, { first_name: 'Pat\u0000' }, { last_name: '\ud800' }]) {
      const response = await client.processRaw(seal(client.payload(init, '4242424242424242', spoilt), client.keys));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/cannot be accepted/);
    }
    expect(await count('select count(*)::int as n from transactions')).toBe(before);
  });

  test.each([
    ['another order id', { order_id: 'ORD-NOT-THIS-ONE' }, 400, 'This card was not initialised for this transaction'],
    ['an unknown transaction id', { transaction_id: 'TXN-NEVER-INITIALISED' }, 400, 'This card was not initialised for this transaction'],
    [
      'a checkout reference the initialisation did not have',
      { checkout: true, checkout_reference: 'chk_not_this_one' },
      400,
      'Invalid reference',
    ],
  ])('a payment with %s is refused and stores nothing', async (_case, spoilt, status, message) => {
    const before = await count('select count(*)::int as n from transactions');
    const init = (await client.initialize('4242424242424242')).json().data;
    const response = await client.processRaw(seal(client.payload(init, '4242424242424242', spoilt), client.keys));
    expect([response.statusCode, response.json().message]).toEqual([status, message]);
    expect(await count('select count(*)::int as n from transactions')).toBe(before);
  });

  test('a card other than the one initialised is refused', async () => {
    const init = (await client.initialize('4242424242424242')).json().data;
    const other = seal(client.payload(init, '5555555555554444'), client.keys);
    expect((await client.processRaw(other)).json()).toMatchObject({
      status: 'error',
      message: 'This card was not initialised for this transaction',
    });
  });
});

describe('keys', () => {
  test.each([
    ['no key', {}],
    ['the secret key', bearer('sk_wrong')],
    ['a wrong key', bearer('pk_nope')],
  ])('public calls with %s get 401', async (_case, headers) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/initialize-card-transaction',
      headers,
      payload: { card_number: '4242424242424242', currency: 'USD', reference: null },
    });
    expect(response.statusCode).toBe(401);
  });

  test('creating a checkout needs the secret key; the publishable key is not enough', async () => {
    expect((await createCheckout(checkoutBody, t.config.publishableKey)).statusCode).toBe(401);
    expect((await createCheckout(checkoutBody)).statusCode).toBe(201);
  });
});

describe('checkouts', () => {
  test('a callback address must be http or https', async () => {
    const response = await createCheckout({ ...checkoutBody, callback_url: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/callback_url/);
  });

  test('the widget reads the checkout sealed; the payment takes the merchant amount, not the browser one', async () => {
    const { reference, checkout_url } = (await createCheckout(checkoutBody)).json().data;
    expect(checkout_url).toMatch(new RegExp(`/checkout/${reference}$`));
    const validated = await t.app.inject({ method: 'GET', url: `/api/checkout/validate/${reference}`, headers: client.headers });
    expect(open(validated.json().data, client.keys)).toMatchObject({
      reference,
      amount: 120.5,
      email: 'ada@example.com',
      status: 'pending',
      callback_url: 'https://shop.example/done',
    });

    const { ids, result } = await client.pay('4242424242424242', { checkout: true, checkout_reference: reference, amount: 0.01 });
    expect(result).toMatchObject({ status: 'completed', payment_amount: '120.50', checkout_request: { reference } });
    const [row] = await t.db.query<{ status: string; transaction_id: string }>(
      'select status, transaction_id from checkouts where reference = $1',
      [reference],
    );
    expect(row).toEqual({ status: 'completed', transaction_id: ids.transactionId });

    const again = await client.initialize('4242424242424242', reference);
    expect(again.json()).toMatchObject({ status: 'error', message: 'This payment has already been completed' });
  });

  test('a payment whose ledger credit fails stores nothing, and the same payment can be sent again', async () => {
    const { reference } = (await createCheckout(checkoutBody)).json().data;
    const init = (await client.initialize('4242424242424242', reference)).json().data;
    const envelope = seal(client.payload(init, '4242424242424242', { checkout: true, checkout_reference: reference }), client.keys);
    await t.db
      .exec(`create function refuse_postings() returns trigger language plpgsql as $$ begin raise exception 'ledger unavailable'; end $$;
      create trigger refuse_postings before insert on ledger_postings for each statement execute function refuse_postings()`);
    try {
      expect((await client.processRaw(envelope)).statusCode).toBe(500);
    } finally {
      await t.db.exec('drop trigger refuse_postings on ledger_postings; drop function refuse_postings()');
    }
    expect(await count('select count(*)::int as n from transactions where transaction_id = $1', [init.transactionId])).toBe(0);
    expect(await count(`select count(*)::int as n from checkouts where reference = $1 and status = 'pending'`, [reference])).toBe(1);

    const retried = await client.processRaw(envelope);
    expect(open(retried.json().data, client.keys)).toMatchObject({ status: 'completed' });
    expect(
      await count(`select count(*)::int as n from ledger_postings where transaction_id = $1 and kind = 'payment'`, [init.transactionId]),
    ).toBe(1);
  });

  test('a pending checkout payment completes its checkout and credits the ledger when it settles, and a failed one neither', async () => {
    const pay = async (card: string) => {
      const { reference } = (await createCheckout(checkoutBody)).json().data;
      const { ids, result } = await client.pay(card, { checkout: true, checkout_reference: reference });
      expect(result?.status).toBe('pending');
      return { reference, transactionId: ids.transactionId };
    };
    const ok = await pay('4000000000007205');
    const ko = await pay('4000000000007304');
    const checkout = async (reference: string) =>
      (await t.db.query('select status, transaction_id from checkouts where reference = $1', [reference]))[0];
    const postings = (transactionId: string) =>
      count(`select count(*)::int as n from ledger_postings where transaction_id = $1 and kind = 'payment'`, [transactionId]);
    expect(await checkout(ok.reference)).toEqual({ status: 'pending', transaction_id: null });
    expect(await postings(ok.transactionId)).toBe(0);

    await t.db.query('update transactions set resolve_at = now() where transaction_id = any($1)', [[ok.transactionId, ko.transactionId]]);
    expect(await resolveDuePayments(t.db)).toBe(2);
    expect(await checkout(ok.reference)).toEqual({ status: 'completed', transaction_id: ok.transactionId });
    expect(await postings(ok.transactionId)).toBe(1);
    expect(await checkout(ko.reference)).toEqual({ status: 'pending', transaction_id: null });
    expect(await postings(ko.transactionId)).toBe(0);
  });

  test('an unknown reference is "Invalid reference"', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/checkout/validate/chk_nope', headers: client.headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 'error', message: 'Invalid reference', code: 'not_found' });
  });

  test('a page cannot mark a checkout completed without a completed payment for it', async () => {
    const { reference } = (await createCheckout(checkoutBody)).json().data;
    const report = (status: string, transaction_id?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/update-checkout-status',
        headers: client.headers,
        payload: { reference, status, transaction_id },
      });
    expect((await report('completed')).statusCode).toBe(409);
    const declined = await client.pay('4000000000000002', { checkout: true, checkout_reference: reference });
    expect((await report('completed', declined.ids.transactionId)).statusCode).toBe(409);
    expect((await report('cancelled')).statusCode).toBe(200);
  });
});

test('no full card number or CVV anywhere in the database or the logs', async () => {
  const cards = ['4242424242424242', '5555555555554444', '4000000000000002', '4000000000003220'];
  for (const card of cards) await client.pay(card);
  const tables = await t.db.query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
  );
  for (const { table_name } of tables) {
    const rows = await t.db.query(`select * from ${table_name}`);
    const text = JSON.stringify(rows);
    for (const card of cards) expect(text).not.toContain(card);
  }
  const logs = JSON.stringify(t.logs.lines);
  for (const card of cards) expect(logs).not.toContain(card);
});
