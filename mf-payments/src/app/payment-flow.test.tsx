import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { TransactionResult } from '@paydesk/shared/schemas/payment';
import { CHALLENGE_PROCESSOR, CHALLENGE_REDIRECT_CODE, DEMO_THREE_DS_TYPE } from '@paydesk/shared/schemas/payer-api';
import { enterCard, location, payButton, renderFlow, standalone, widget } from '../testing/flow-harness';
import { json, mockPublicApi, ok, sealedResult, transactionResultOf } from '../testing/public-api-mock';

jest.setTimeout(20_000);
let api: ReturnType<typeof mockPublicApi>;
afterEach(() => api.restore());

const proceed = () => ok({ gatewayRecommendation: 'PROCEED', transactionId: 'txn_1', orderId: 'ord_1' });
async function payAndGet(result: TransactionResult | (() => Response), details = standalone) {
  api = mockPublicApi({
    'POST /api/initialize-card-transaction': proceed,
    'POST /api/process-card-transaction': typeof result === 'function' ? result : () => sealedResult(result),
  });
  renderFlow(details);
  const user = await enterCard();
  await user.click(payButton());
  await waitFor(() => expect(api.callsTo('/api/process-card-transaction')).toHaveLength(1));
}

test('completed goes to the success page with the transaction id and amount', async () => {
  await payAndGet(transactionResultOf({ status: 'completed' }));
  await waitFor(() => expect(location()).toMatch(/^\/payment-success \{"transactionId":"txn_1","amount":"25.00"/));
});

test('statusOk with paymentCompleted counts as completed, whatever the status word', async () => {
  await payAndGet(transactionResultOf({ status: 'success', statusOk: true, paymentCompleted: true }));
  await waitFor(() => expect(location()).toMatch(/^\/payment-success /));
});

test('in a checkout, success goes to the checkout receipt of its reference', async () => {
  await payAndGet(transactionResultOf({ checkout_request: { reference: 'ref-1' } }), widget);
  await waitFor(() => expect(location()).toMatch(/^\/checkout-success\/ref-1 .*"status":"completed"/));
});

test('pending goes to the pending page with the id in the query', async () => {
  await payAndGet(transactionResultOf({ status: 'pending', paymentCompleted: false, response_message: 'Awaiting the issuer' }));
  await waitFor(() => expect(location()).toMatch(/^\/payment-pending\?transaction_id=txn_1 .*"message":"Awaiting the issuer"/));
});

test('anything else goes to the failure page with the reason', async () => {
  await payAndGet(
    transactionResultOf({ status: 'failed', statusOk: false, paymentCompleted: false, response_message: 'Insufficient funds' }),
  );
  await waitFor(() => expect(location()).toMatch(/^\/payment-failure .*"reason":"Insufficient funds"/));
});

test('in the widget, a failure is reported and the dialog closes', async () => {
  await payAndGet(
    transactionResultOf({ status: 'failed', statusOk: false, paymentCompleted: false, response_message: 'Card declined' }),
    widget,
  );
  expect(await screen.findByText('Card declined')).toBeInTheDocument();
  expect(screen.getByText('Payment Failed')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Card Payment' })).not.toBeInTheDocument());
  expect(screen.getByTestId('card-open').textContent).toBe('false');
});

test('a non-OK answer carries the server message', async () => {
  await payAndGet(() => json(422, { status: 'error', message: 'Card number is not valid' }));
  await waitFor(() => expect(location()).toMatch(/^\/payment-failure .*"reason":"Card number is not valid"/));
});

test('a non-success status says Transaction failed: {message}', async () => {
  await payAndGet(() => json(200, { status: 'error', message: 'Processor unavailable' }));
  await waitFor(() => expect(location()).toContain('"reason":"Transaction failed: Processor unavailable"'));
});

test('a network failure says so', async () => {
  await payAndGet(() => {
    throw new TypeError('Failed to fetch');
  });
  await waitFor(() => expect(location()).toContain('An error occurred while processing your payment. Please try again.'));
});

test('pending_3d with the demo type opens the Demo 3D Secure modal, and no script runs', async () => {
  const script = 'window.hacked = true';
  await payAndGet(
    transactionResultOf({
      status: 'pending_3d',
      paymentCompleted: false,
      response_content: { code: '01', redirectHtml: null, data: { type: DEMO_THREE_DS_TYPE, script } },
    }),
  );
  expect(await screen.findByRole('dialog', { name: 'Demo 3D Secure' })).toBeInTheDocument();
  expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  expect(screen.queryByRole('dialog', { name: 'Card Payment' })).not.toBeInTheDocument();
});

test('pending_3d with the challenge processor and S0 opens the overlay with a form of our own', async () => {
  const html =
    '<form method="post" action="https://acs.paydesk.test/challenge"><input type="hidden" name="creq" value="c1"></form><script>window.hacked = true</script>';
  await payAndGet(
    transactionResultOf({
      status: 'pending_3d',
      paymentCompleted: false,
      processor: CHALLENGE_PROCESSOR,
      response_content: { code: CHALLENGE_REDIRECT_CODE, redirectHtml: html, data: null },
    }),
  );
  const overlay = await screen.findByRole('dialog', { name: '3D Secure Verification' });
  const form = screen.getByTestId('three-ds-form') as HTMLFormElement;
  const frame = overlay.querySelector('iframe')!;
  expect(form.getAttribute('action')).toBe('https://acs.paydesk.test/challenge');
  expect(form.target).toBe(frame.name);
  expect(frame.getAttribute('sandbox')).toBe('allow-forms allow-scripts allow-same-origin');
  expect(overlay.querySelector('script')).toBeNull();
  expect((window as { hacked?: boolean }).hacked).toBeUndefined();
});

test('a challenge form aimed elsewhere is a failure', async () => {
  const html = '<form method="post" action="https://evil.test/x"></form>';
  await payAndGet(
    transactionResultOf({
      status: 'pending_3d',
      paymentCompleted: false,
      processor: CHALLENGE_PROCESSOR,
      response_content: { code: CHALLENGE_REDIRECT_CODE, redirectHtml: html, data: null },
    }),
  );
  await waitFor(() => expect(location()).toMatch(/^\/payment-failure /));
});

describe('after 3-D Secure, one requery decides', () => {
  const challenge = transactionResultOf({
    status: 'pending_3d',
    paymentCompleted: false,
    processor: CHALLENGE_PROCESSOR,
    response_content: {
      code: CHALLENGE_REDIRECT_CODE,
      redirectHtml: '<form method="post" action="https://acs.paydesk.test/c"></form>',
      data: null,
    },
  });
  const demo = transactionResultOf({
    status: 'pending_3d',
    paymentCompleted: false,
    response_content: { code: '01', redirectHtml: null, data: { type: DEMO_THREE_DS_TYPE, script: null } },
  });

  test.each([
    [transactionResultOf(), /^\/payment-success /],
    [transactionResultOf({ status: 'pending', paymentCompleted: false }), /^\/payment-pending\?transaction_id=txn_1 /],
    [
      transactionResultOf({ status: 'failed', statusOk: false, paymentCompleted: false, response_message: 'Authentication failed' }),
      /^\/payment-failure .*Authentication failed/,
    ],
  ])('the challenge message leads to the page of the requery (%#)', async (after, page) => {
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    await payAndGet(challenge);
    api.restore();
    api = mockPublicApi({ 'GET /api/checkout/requery': () => ok(after) });
    await screen.findByRole('dialog', { name: '3D Secure Verification' });
    await act(async () => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: 'https://evil.test', data: { type: '3DS_CHALLENGE_COMPLETE', transaction_id: 'txn_1' } }),
      );
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://acs.paydesk.test',
          data: { type: '3DS_CHALLENGE_COMPLETE', transaction_id: 'txn_1' },
        }),
      );
    });
    await waitFor(() => expect(location()).toMatch(page));
    expect(api.callsTo('/api/checkout/requery')).toEqual([expect.objectContaining({ path: '/api/checkout/requery?reference=txn_1' })]);
    submit.mockRestore();
  });

  test('the demo modal sends what the payer typed, never an outcome, then the requery decides the page', async () => {
    await payAndGet(demo, standalone);
    api.restore();
    api = mockPublicApi({
      'POST /api/demo-3ds/complete': () => ok(null),
      'GET /api/checkout/requery': () => ok(transactionResultOf()),
    });
    await screen.findByRole('dialog', { name: 'Demo 3D Secure' });
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '123459' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Pay' }));
    await waitFor(() => expect(location()).toMatch(/^\/payment-success /), { timeout: 5000 });
    expect(api.callsTo('/api/demo-3ds/complete').map((call) => call.body)).toEqual([{ transaction_id: 'txn_1', otp: '123459' }]);
  });

  test('Cancel Transaction sends no code', async () => {
    await payAndGet(demo, standalone);
    api.restore();
    api = mockPublicApi({
      'POST /api/demo-3ds/complete': () => ok(null),
      'GET /api/checkout/requery': () =>
        ok(
          transactionResultOf({
            status: 'failed',
            statusOk: false,
            paymentCompleted: false,
            response_message: '3-D Secure authentication failed.',
          }),
        ),
    });
    await screen.findByRole('dialog', { name: 'Demo 3D Secure' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Transaction' }));
    await waitFor(() => expect(location()).toMatch(/^\/payment-failure /));
    expect(api.callsTo('/api/demo-3ds/complete').map((call) => call.body)).toEqual([{ transaction_id: 'txn_1', otp: null }]);
  });
});
