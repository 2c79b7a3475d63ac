import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { makeStore } from '@paydesk/shared/store';
import { AppProviders } from '@paydesk/shared/ui/app-providers';
import CheckoutSuccessPage from './checkout-success-page';
import PaymentFailurePage from './payment-failure-page';
import PaymentPendingPage from './payment-pending-page';
import PaymentSuccessPage from './payment-success-page';
import { seal } from '@paydesk/shared/crypto/envelope';
import { mockPublicApi, ok, testKeys, transactionResultOf } from '../testing/public-api-mock';
import { leavePage } from '../features/results/hooks/use-checkout-success';

jest.setTimeout(20_000);
let api: ReturnType<typeof mockPublicApi>;
afterEach(() => api?.restore());

function Probe() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search} ${JSON.stringify(l.state)}`}</output>;
}
function renderAt(path: string, state?: unknown, onlyThisPage = false) {
  return render(
    <AppProviders store={makeStore()}>
      <MemoryRouter initialEntries={[{ pathname: path.split('?')[0]!, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
        <Routes>
          <Route path="/payment-pending" element={<PaymentPendingPage />} />
          {onlyThisPage ? null : (
            <>
              <Route path="/payment-success" element={<PaymentSuccessPage />} />
              <Route path="/payment-failure" element={<PaymentFailurePage />} />
              <Route path="/checkout-success/:reference" element={<CheckoutSuccessPage />} />
            </>
          )}
          <Route path="*" element={<Probe />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}
const state = { transactionId: 'txn_1', amount: '25.00', date: '2026-01-02T10:00:00.000Z' };

test('success and failure pages go back to / without a transaction id or amount', () => {
  api = mockPublicApi();
  renderAt('/payment-success', { amount: '25.00' });
  expect(screen.getByTestId('location').textContent).toBe('/ null');
});

test('the success receipt shows id, date and Completed, with Go Back to /', () => {
  api = mockPublicApi();
  renderAt('/payment-success', state);
  expect(screen.getByTestId('transaction-id').textContent).toBe('txn_1');
  expect(screen.getByTestId('payment-status').textContent).toBe('Completed');
  expect(screen.getByText('Jan 2, 2026', { exact: false })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/');
});

test('the failure page shows the reason, Failed, Try Again and Need Help', async () => {
  api = mockPublicApi();
  renderAt('/payment-failure', { ...state, reason: 'Insufficient funds' });
  expect(screen.getByText('Failure Reason')).toBeInTheDocument();
  expect(screen.getByTestId('failure-reason').textContent).toBe('Insufficient funds');
  expect(screen.getByTestId('payment-status').textContent).toBe('Failed');
  expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/');
  await waitFor(() => expect(screen.getByRole('link', { name: 'Need Help' }).getAttribute('href')).toBe('mailto:support@paydesk.test'));
});

test('the pending page requeries once and stays while still pending, with the server comment', async () => {
  api = mockPublicApi({
    'GET /api/checkout/requery': () =>
      ok(transactionResultOf({ status: 'pending', paymentCompleted: false, response_message: 'Awaiting the bank' })),
  });
  renderAt('/payment-pending?transaction_id=txn_9');
  expect(screen.getByTestId('payment-status').textContent).toBe('Pending');
  expect(screen.getByTestId('transaction-id').textContent).toBe('txn_9');
  expect(await screen.findByText('Awaiting the bank')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Return to Payment' })).toBeInTheDocument();
  expect(api.callsTo('/api/checkout/requery').map((c) => c.path)).toEqual(['/api/checkout/requery?reference=txn_9']);
});

test.each([
  [transactionResultOf(), /^\/payment-success /],
  [transactionResultOf({ checkout_request: { reference: 'ref-1' } }), /^\/checkout-success\/ref-1 /],
  [
    transactionResultOf({ status: 'failed', statusOk: false, paymentCompleted: false, response_message: 'Expired card' }),
    /^\/payment-failure .*Expired card/,
  ],
])('the pending page moves on when the requery says so (%#)', async (result, page) => {
  api = mockPublicApi({ 'GET /api/checkout/requery': () => ok(result) });
  renderAt('/payment-pending', state, true);
  await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(page));
});

describe('the checkout receipt', () => {
  const checkout = {
    reference: 'ref-1',
    first_name: 'Ada',
    last_name: 'L',
    email: 'a@b.c',
    phone: '1',
    amount: 25,
    metadata: {},
    callback_url: 'https://shop.example/orders/7?x=1',
    status: 'completed',
  };
  const mockCheckoutApi = () =>
    mockPublicApi({
      'POST /api/update-checkout-status': () => ok(null),
      'GET /api/checkout/validate/ref-1': () => ok(seal(checkout, testKeys)),
    });
  let close: jest.SpyInstance;
  let goTo: jest.SpyInstance;
  beforeEach(() => {
    close = jest.spyOn(leavePage, 'close').mockImplementation(() => undefined);
    goTo = jest.spyOn(leavePage, 'goTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    close.mockRestore();
    goTo.mockRestore();
    Object.defineProperty(window, 'opener', { value: null, configurable: true });
  });

  test('records the status, posts PAYMENT_SUCCESS to the callback origin only, and closes', async () => {
    const opener = { closed: false, postMessage: jest.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });
    api = mockCheckoutApi();
    renderAt('/checkout-success/ref-1', { ...state, status: 'completed' });
    expect(screen.getByTestId('payment-status').textContent).toBe('Completed');
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(api.callsTo('/api/update-checkout-status')[0]!.body).toEqual({
      reference: 'ref-1',
      status: 'completed',
      transaction_id: 'txn_1',
    });
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'PAYMENT_SUCCESS', reference: 'ref-1', transaction_id: 'txn_1' },
      'https://shop.example',
    );
  });

  test('a pending payment shows Processing and posts PAYMENT_PENDING', async () => {
    const opener = { closed: false, postMessage: jest.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });
    api = mockCheckoutApi();
    renderAt('/checkout-success/ref-1', { ...state, status: 'pending' });
    expect(screen.getByTestId('payment-status').textContent).toBe('Processing');
    await waitFor(() =>
      expect(opener.postMessage).toHaveBeenCalledWith(expect.objectContaining({ type: 'PAYMENT_PENDING' }), 'https://shop.example'),
    );
  });

  test('without an opener it counts down 3 seconds, then goes to the callback address', async () => {
    api = mockCheckoutApi();
    renderAt('/checkout-success/ref-1', { ...state, status: 'completed' });
    expect((await screen.findByTestId('redirect-countdown')).textContent).toBe('Redirecting in 3 seconds...');
    expect(goTo).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('redirect-countdown').textContent).toBe('Redirecting in 1 second...'), { timeout: 3000 });
    expect(goTo).not.toHaveBeenCalled();
    await waitFor(() => expect(goTo).toHaveBeenCalledWith('https://shop.example/orders/7?x=1'), { timeout: 2000 });
    expect(close).not.toHaveBeenCalled();
  });
});
