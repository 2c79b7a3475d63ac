import { buildTestApp, type TestApp } from './helper';
import { payerClient } from './payments-client';

/**
 * What the payer page may report of a checkout (POST /api/update-checkout-status, publishable
 * key): only the checkout's own moves, each refusal a 409 that says why, and nothing stored that
 * is not the checkout's own.
 */
let t: TestApp;
let client: ReturnType<typeof payerClient>;
beforeAll(async () => {
  t = await buildTestApp();
  client = payerClient(t.app, t.config);
}, 60_000);
afterAll(() => t?.close());

const newCheckout = () => client.newCheckout();
const report = async (reference: string, status: string, transaction_id?: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/update-checkout-status',
    headers: client.headers,
    payload: { reference, status, transaction_id },
  });
  return [response.statusCode, (response.json() as { message: string }).message] as const;
};
const checkoutRow = async (reference: string) =>
  (
    await t.db.query<{ status: string; transaction_id: string | null }>(
      'select status, transaction_id from checkouts where reference = $1',
      [reference],
    )
  )[0];
const inCheckout = (reference: string) => ({ checkout: true, checkout_reference: reference });

it('cancels a payable checkout once; the cancelled checkout stays payable', async () => {
  const reference = await newCheckout();
  expect(await report(reference, 'cancelled')).toEqual([200, 'Checkout status recorded']);
  expect(await report(reference, 'cancelled')).toEqual([409, 'This checkout is already cancelled']);
  const { result } = await client.pay('4242424242424242', inCheckout(reference));
  expect(result?.status).toBe('completed');
  expect((await checkoutRow(reference))?.status).toBe('completed');
});

it('never cancels or reopens a completed checkout', async () => {
  const reference = await newCheckout();
  const { ids } = await client.pay('4242424242424242', inCheckout(reference));
  expect(await report(reference, 'cancelled')).toEqual([409, 'This payment has already been completed']);
  expect(await report(reference, 'completed', ids.transactionId)).toEqual([200, 'Checkout status recorded']);
  expect(await checkoutRow(reference)).toEqual({ status: 'completed', transaction_id: ids.transactionId });
});

it('never makes a failed checkout payable again', async () => {
  const reference = await newCheckout();
  await t.db.query(`update checkouts set status = 'failed' where reference = $1`, [reference]);
  expect(await report(reference, 'cancelled')).toEqual([409, 'This payment has failed']);
  expect(await report(reference, 'pending')).toEqual([409, 'This payment has failed']);
  expect((await checkoutRow(reference))?.status).toBe('failed');
  expect((await client.initialize('4242424242424242', reference)).json()).toMatchObject({
    status: 'error',
    message: 'This payment has failed',
  });
});

it('takes no failed report from a page: a declined card leaves the checkout payable', async () => {
  const reference = await newCheckout();
  const { ids } = await client.pay('4000000000000002', inCheckout(reference));
  expect(await report(reference, 'failed', ids.transactionId)).toEqual([409, 'A declined payment leaves the checkout payable']);
  expect(await checkoutRow(reference)).toEqual({ status: 'pending', transaction_id: null });
});

it('stores no transaction id that is not a payment of this checkout', async () => {
  const reference = await newCheckout();
  const elsewhere = await client.pay('4242424242424242', inCheckout(await newCheckout()));
  const standalone = await client.pay('4242424242424242');
  for (const id of [elsewhere.ids.transactionId, standalone.ids.transactionId, 'PD-MADE-UP']) {
    for (const status of ['completed', 'pending']) {
      expect(await report(reference, status, id)).toEqual([409, 'This transaction is not a payment of this checkout']);
    }
  }
  expect(await report(reference, 'completed')).toEqual([409, 'This transaction is not a payment of this checkout']);
  expect(await checkoutRow(reference)).toEqual({ status: 'pending', transaction_id: null });
});

it('believes pending only of a pending payment of this checkout, which makes a cancelled checkout pending again', async () => {
  const reference = await newCheckout();
  const { ids } = await client.pay('4000000000007205', inCheckout(reference));
  await report(reference, 'cancelled');
  expect(await report(reference, 'completed', ids.transactionId)).toEqual([409, 'The status does not match the payment']);
  expect(await report(reference, 'pending', ids.transactionId)).toEqual([200, 'Checkout status recorded']);
  expect(await checkoutRow(reference)).toEqual({ status: 'pending', transaction_id: null });
});
