import { demoCodePasses } from '../src/payments/demo-issuer';
import { buildTestApp, type TestApp } from './helper';
import { payerClient } from './payments-client';

let t: TestApp;
let client: ReturnType<typeof payerClient>;
beforeAll(async () => {
  t = await buildTestApp();
  client = payerClient(t.app, t.config);
});
afterAll(() => t.close());

const statusOf = async (id: string) =>
  (await t.db.query<{ status: string }>('select status from transactions where transaction_id = $1', [id]))[0]?.status;
const demoPayment = async () => (await client.pay('4000002760003184')).ids.transactionId;
const complete = (payload: object) => t.app.inject({ method: 'POST', url: '/api/demo-3ds/complete', headers: client.headers, payload });

describe('the demo 3-D Secure outcome is the server’s', () => {
  test.each([
    ['success: true', { success: true }],
    ['success: true beside a failing code', { otp: '123459', success: true }],
    ['success: false beside a passing code', { otp: '123456', success: false }],
  ])('a page that names the outcome (%s) is refused, and the payment still waits', async (_case, body) => {
    const transactionId = await demoPayment();
    const response = await complete({ transaction_id: transactionId, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', message: expect.any(String) });
    expect(await statusOf(transactionId)).toBe('pending');
    expect((await client.requery(transactionId)).data.status).toBe('pending_3d');
  });

  test.each([
    ['123456', 'completed'],
    ['000000', 'completed'],
    ['123458', 'failed'],
    ['999999', 'failed'],
  ])('the code %s ends %s, decided from the code alone', async (otp, final) => {
    const transactionId = await demoPayment();
    const response = await complete({ transaction_id: transactionId, otp });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe(final);
    expect(await statusOf(transactionId)).toBe(final);
  });

  test('no code (cancelled, or the time ran out) fails the authentication', async () => {
    const transactionId = await demoPayment();
    const response = await complete({ transaction_id: transactionId, otp: null });
    expect(response.json().data).toMatchObject({ status: 'failed', response_message: '3-D Secure authentication failed.' });
    expect(await statusOf(transactionId)).toBe('failed');
  });

  test.each(['12345', '1234567', '12a456', ''])('a code that is not six digits (%p) is a 400 and the payment still waits', async (otp) => {
    const transactionId = await demoPayment();
    expect((await complete({ transaction_id: transactionId, otp })).statusCode).toBe(400);
    expect(await statusOf(transactionId)).toBe('pending');
  });

  test('a second answer is refused', async () => {
    const transactionId = await demoPayment();
    expect((await complete({ transaction_id: transactionId, otp: '123456' })).statusCode).toBe(200);
    expect((await complete({ transaction_id: transactionId, otp: '123459' })).statusCode).toBe(409);
    expect(await statusOf(transactionId)).toBe('completed');
  });
});

test('about 80 % of all six-digit codes pass', () => {
  let passing = 0;
  for (let code = 0; code < 1_000_000; code += 7) if (demoCodePasses(String(code).padStart(6, '0'))) passing += 1;
  expect(passing / Math.ceil(1_000_000 / 7)).toBeCloseTo(0.8, 2);
});
