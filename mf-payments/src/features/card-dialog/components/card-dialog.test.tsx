import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enterCard, futureExpiry, payButton, renderFlow, standalone, widget } from '../../../testing/flow-harness';
import { mockPublicApi, ok, openedPayload, sealedResult, transactionResultOf } from '../../../testing/public-api-mock';

const proceed = () => ok({ gatewayRecommendation: 'PROCEED', transactionId: 'txn_1', orderId: 'ord_1' });
jest.setTimeout(20_000);
let api: ReturnType<typeof mockPublicApi>;
afterEach(() => api.restore());

test('the fields format as typed and Pay USD waits for all three to be valid', async () => {
  api = mockPublicApi({ 'POST /api/initialize-card-transaction': proceed });
  renderFlow(widget);
  expect(screen.getByRole('dialog', { name: 'Card Payment' }).textContent).toContain('ref-1');
  const user = userEvent.setup();
  expect(payButton().disabled).toBe(true);
  await user.type(screen.getByLabelText('Card Number'), '4242424242424242999');
  expect((screen.getByLabelText('Card Number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), futureExpiry().replace('/', ''));
  expect((screen.getByLabelText('Expiry (MM/YY)') as HTMLInputElement).value).toBe(futureExpiry());
  expect(payButton().disabled).toBe(true);
  await user.type(screen.getByLabelText('CVV'), '12');
  expect(payButton().disabled).toBe(true);
  await user.type(screen.getByLabelText('CVV'), '345');
  expect((screen.getByLabelText('CVV') as HTMLInputElement).value).toBe('123');
  expect(payButton().disabled).toBe(false);
});

test('an American Express card takes a four-digit CVV, and an expired month is refused', async () => {
  api = mockPublicApi({ 'POST /api/initialize-card-transaction': proceed });
  renderFlow();
  const user = await enterCard('378282246310005', '1234');
  expect(payButton().disabled).toBe(false);
  await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '0120');
  expect(payButton().disabled).toBe(true);
});

test('leaving a valid card number initialises once, with the publishable key', async () => {
  api = mockPublicApi({ 'POST /api/initialize-card-transaction': proceed });
  renderFlow(widget);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Card Number'), '4242 4242 4242 4241');
  await user.tab();
  expect(screen.getByText('Invalid card number')).toBeInTheDocument();
  expect(api.callsTo('/api/initialize-card-transaction')).toHaveLength(0);
  await user.type(screen.getByLabelText('Card Number'), '{backspace}2');
  await user.tab();
  await user.click(screen.getByLabelText('Card Number'));
  await user.tab();
  await waitFor(() => expect(api.callsTo('/api/initialize-card-transaction')).toHaveLength(1));
  const [call] = api.callsTo('/api/initialize-card-transaction');
  expect(call!.body).toEqual({ card_number: '4242424242424242', currency: 'USD', reference: 'ref-1' });
  expect(call!.authorization).toBe('Bearer pk_test_paydesk');
});

test('anything but PROCEED keeps Pay disabled and says why', async () => {
  api = mockPublicApi({
    'POST /api/initialize-card-transaction': () =>
      ok({ gatewayRecommendation: 'DO_NOT_PROCEED', transactionId: 't', orderId: 'o' }, 'Blocked as fraudulent'),
  });
  renderFlow();
  const user = await enterCard('4100000000000019');
  await user.click(screen.getByLabelText('Card Number'));
  await user.tab();
  expect(await screen.findByText('Blocked as fraudulent')).toBeInTheDocument();
  expect(payButton().disabled).toBe(true);
  expect(api.callsTo('/api/process-card-transaction')).toHaveLength(0);
});

test('Pay sends the sealed payload with the initialised ids and a four-digit year', async () => {
  api = mockPublicApi({
    'POST /api/initialize-card-transaction': proceed,
    'POST /api/process-card-transaction': () => sealedResult(transactionResultOf()),
  });
  renderFlow(standalone);
  const user = await enterCard();
  await user.click(payButton());
  await waitFor(() => expect(api.callsTo('/api/process-card-transaction')).toHaveLength(1));
  const [call] = api.callsTo('/api/process-card-transaction');
  expect(JSON.stringify(call!.body)).not.toContain('4242424242424242');
  expect(openedPayload(call!.body)).toMatchObject({
    transaction_id: 'txn_1',
    order_id: 'ord_1',
    card_number: '4242424242424242',
    card_month: '12',
    card_year: `20${futureExpiry().slice(3)}`,
    cvv: '123',
    amount: 25,
    currency: 'USD',
    checkout: false,
  });
  expect(api.callsTo('/api/initialize-card-transaction')).toHaveLength(1);
});

test('a tampered answer is refused with a clear message', async () => {
  api = mockPublicApi({
    'POST /api/initialize-card-transaction': proceed,
    'POST /api/process-card-transaction': () => ok('v1.AAAA.BBBB.0000'),
  });
  renderFlow(standalone);
  const user = await enterCard();
  await user.click(payButton());
  await waitFor(() => expect(screen.getByTestId('location').textContent).toContain('/payment-failure'));
  expect(screen.getByTestId('location').textContent).toContain('Payment processing failed. Please try again.');
});

test('Enter in a field pays once the card is valid, and does nothing before', async () => {
  api = mockPublicApi({
    'POST /api/initialize-card-transaction': proceed,
    'POST /api/process-card-transaction': () => sealedResult(transactionResultOf()),
  });
  renderFlow(standalone);
  const user = await enterCard('4242424242424242', '12');
  await user.keyboard('{Enter}');
  expect(api.callsTo('/api/process-card-transaction')).toHaveLength(0);
  await user.type(screen.getByLabelText('CVV'), '3{Enter}');
  await waitFor(() => expect(api.callsTo('/api/process-card-transaction')).toHaveLength(1));
});
