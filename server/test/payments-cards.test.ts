import { buildTestApp, type TestApp } from './helper';
import { payerClient } from './payments-client';
import { resolveDuePayments } from '../src/payments/settlement';

let t: TestApp;
let client: ReturnType<typeof payerClient>;
beforeAll(async () => {
  t = await buildTestApp();
  client = payerClient(t.app, t.config);
});
afterAll(() => t.close());

const statusOf = async (transactionId: string) =>
  (await t.db.query<{ status: string }>('select status from transactions where transaction_id = $1', [transactionId]))[0]?.status;

describe('the sandbox test-card table', () => {
  test.each([
    ['4242424242424242', 'completed', 'completed'],
    ['5555555555554444', 'completed', 'completed'],
    ['378282246310005', 'completed', 'completed'],
    ['4000000000000002', 'failed', 'failed'],
    ['4000000000009995', 'failed', 'failed'],
    ['4000000000009987', 'failed', 'failed'],
    ['4000000000009979', 'failed', 'failed'],
    ['4000000000000069', 'failed', 'failed'],
    ['4000000000000127', 'failed', 'failed'],
    ['4000000000000119', 'failed', 'failed'],
    ['4000000000003220', 'pending_3d', 'pending'],
    ['4000008400001629', 'pending_3d', 'pending'],
    ['4000002760003184', 'pending_3d', 'pending'],
    ['4000000000007205', 'pending', 'pending'],
    ['4000000000007304', 'pending', 'pending'],
    ['6011111111111117', 'completed', 'completed'],
  ])('%s answers %s and stores %s', async (card, answered, stored) => {
    const { response, result, ids } = await client.pay(card);
    expect(response.statusCode).toBe(200);
    expect(result?.status).toBe(answered);
    expect(result?.paymentCompleted).toBe(answered === 'completed');
    expect(await statusOf(ids.transactionId)).toBe(stored);
  });

  test.each([
    ['4000000000000002', 'Your card was declined.'],
    ['4000000000009995', 'Your card has insufficient funds.'],
    ['4000000000009987', 'Your card was declined: it has been reported lost.'],
    ['4000000000009979', 'Your card was declined: it has been reported stolen.'],
    ['4000000000000069', 'Your card has expired.'],
    ['4000000000000127', "Your card's security code is incorrect."],
    ['4000000000000119', 'A processing error occurred. Please try again.'],
  ])('%s gives the failure reason "%s"', async (card, reason) => {
    expect((await client.pay(card)).result?.response_message).toBe(reason);
  });

  test('4100000000000019 is refused at initialisation, and processing it anyway charges nothing', async () => {
    const init = await client.initialize('4100000000000019');
    expect(init.json().data.gatewayRecommendation).toBe('DO_NOT_PROCEED');
    const { response } = await client.pay('4100000000000019');
    expect(response.statusCode).toBe(402);
    expect(await statusOf(init.json().data.transactionId)).toBeUndefined();
  });

  test('the challenge card: the issuer form leads to the sandbox ACS; Complete gives success', async () => {
    const { result, ids } = await client.pay('4000000000003220');
    expect(result?.processor).toBe('sandbox-acs');
    expect(result?.response_content.code).toBe('S0');
    expect(result?.response_content.redirectHtml).toContain('/api/sandbox/acs/challenge');
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/acs/challenge',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: 'http://shop.example:8080/checkout/x' },
      payload: `transaction_id=${ids.transactionId}`,
    });
    expect(page.body).toContain('name="return_origin" value="http://shop.example:8080"');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/acs/result',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `transaction_id=${ids.transactionId}&outcome=complete&return_origin=http://shop.example:8080`,
    });
    expect(done.body).toContain('data-target-origin="http://shop.example:8080"');
    expect((await client.requery(ids.transactionId)).data.status).toBe('completed');
  });

  test.each([
    ['4000000000003220', 'fail', 'failed'],
    ['4000008400001629', 'complete', 'failed'],
  ])('%s with %s at the ACS ends %s; a second answer is refused', async (card, outcome, final) => {
    const { ids } = await client.pay(card);
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/sandbox/acs/result',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `transaction_id=${ids.transactionId}&outcome=${outcome}&return_origin=http://localhost`,
      });
    expect((await submit()).statusCode).toBe(200);
    expect(await statusOf(ids.transactionId)).toBe(final);
    expect((await submit()).statusCode).toBe(409);
  });

  test.each([
    ['123456', 'completed'],
    ['123459', 'failed'],
    [null, 'failed'],
  ])('the demo modal sends the code %s and the server records %s', async (otp, final) => {
    const { ids } = await client.pay('4000002760003184');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/demo-3ds/complete',
      headers: client.headers,
      payload: { transaction_id: ids.transactionId, otp },
    });
    expect(answer.json().data.status).toBe(final);
    expect(await statusOf(ids.transactionId)).toBe(final);
  });

  test('pending cards resolve in the background to success and to failure', async () => {
    const later = await client.pay('4000000000007205');
    const lost = await client.pay('4000000000007304');
    expect(await resolveDuePayments(t.db)).toBe(0);
    await t.db.query("update transactions set resolve_at = now() - interval '1 second' where transaction_id in ($1, $2)", [
      later.ids.transactionId,
      lost.ids.transactionId,
    ]);
    expect(await resolveDuePayments(t.db)).toBe(2);
    expect(await statusOf(later.ids.transactionId)).toBe('completed');
    expect(await statusOf(lost.ids.transactionId)).toBe('failed');
    expect((await client.requery(lost.ids.transactionId)).data.status).toBe('failed');
  });
});
