import { seal } from '@paydesk/shared/crypto/envelope';
import { bearer, buildTestApp, type TestApp } from './helper';
import { payerClient } from './payments-client';

let t: TestApp;
let client: ReturnType<typeof payerClient>;
beforeAll(async () => {
  t = await buildTestApp();
  client = payerClient(t.app, t.config);
});
afterAll(() => t.close());

const count = async () => Number((await t.db.query<{ n: number }>('select count(*)::int as n from transactions'))[0]?.n);
const checkout = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101' };

describe('an amount with a third decimal is refused, never rounded', () => {
  test.each([12.345, 0.015])('POST /api/checkout refuses %p', async (amount) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(t.config.secretKey),
      payload: { ...checkout, amount },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'amount: The amount may have at most two decimals',
      code: 'invalid_request',
    });
  });

  test.each([12.345, 0.015])('a card payment of %p is a 400 that says why, and stores nothing', async (amount) => {
    const before = await count();
    const init = (await client.initialize('4242424242424242')).json().data;
    const response = await client.processRaw(seal(client.payload(init, '4242424242424242', { amount }), client.keys));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'Invalid payment data: amount: The amount may have at most two decimals',
      code: 'invalid_request',
    });
    expect(await count()).toBe(before);
  });

  test('two decimals pay exactly that amount', async () => {
    const { result } = await client.pay('4242424242424242', { amount: 12.34 });
    expect(result).toMatchObject({ status: 'completed', payment_amount: '12.34' });
  });
});
