import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { seal } from '@paydesk/shared/crypto/envelope';
import { PAGE_ANSWERS_ID } from '@paydesk/shared/first-view-slots';
import { makeStore } from '@paydesk/shared/store';
import { AppProviders } from '@paydesk/shared/ui/app-providers';
import CheckoutPage from './checkout-page';
import { reportLeavingFromPage } from '../features/checkout/model/leave-report';
import { rereadPageAnswers } from '../lib/page-answers';
import { json, mockPublicApi, ok, testConfig, testKeys } from '../testing/public-api-mock';

jest.setTimeout(20_000);
let api: ReturnType<typeof mockPublicApi>;
afterEach(() => {
  api.restore();
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
});

const checkout = {
  reference: 'ref-1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '555',
  amount: 42.5,
  metadata: {},
  callback_url: 'https://shop.example/done',
  status: 'pending',
};
const validateWith = (handler: () => Response) =>
  mockPublicApi({ 'GET /api/checkout/validate/ref-1': handler, 'POST /api/update-checkout-status': () => ok(null) });
const renderCheckout = (path = '/checkout/ref-1') =>
  render(
    <AppProviders store={makeStore()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/checkout/:reference" element={<CheckoutPage />} />
          <Route path="/checkout/" element={<CheckoutPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );

test('a skeleton, then the Secure Payment card; Pay opens the card dialog with the reference', async () => {
  api = validateWith(() => ok(seal(checkout, testKeys)));
  renderCheckout();
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Secure Payment' })).toBeInTheDocument();
  expect(screen.getByTestId('checkout-amount').textContent).toBe('$42.50');
  expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  expect(api.callsTo('/api/checkout/validate/ref-1')[0]!.authorization).toBe('Bearer pk_test_paydesk');
  fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
  // The card dialog's code loads on demand (the widget's first load does not carry it).
  expect((await screen.findByRole('dialog', { name: 'Card Payment' })).textContent).toContain('ref-1');
});

test.each([
  [{ ...checkout, status: 'completed' }, 'This payment has already been completed'],
  [{ ...checkout, status: 'failed' }, 'This payment has failed'],
  [{ ...checkout, amount: 0 }, 'Invalid payment amount'],
])('a refused checkout shows Payment Error (%#)', async (value, message) => {
  api = validateWith(() => ok(seal(value, testKeys)));
  renderCheckout();
  expect(await screen.findByRole('heading', { name: 'Payment Error' })).toBeInTheDocument();
  expect(screen.getByText(message)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
});

test('an unknown reference shows Invalid Reference with the server message', async () => {
  api = validateWith(() => json(404, { status: 'error', message: 'Invalid reference' }));
  renderCheckout();
  expect(await screen.findByRole('heading', { name: 'Invalid Reference' })).toBeInTheDocument();
  expect(screen.getByText('Invalid reference')).toBeInTheDocument();
});

test('a network failure says so, and Try Again validates again', async () => {
  let calls = 0;
  api = validateWith(() => {
    calls += 1;
    if (calls === 1) throw new TypeError('Failed to fetch');
    return ok(seal(checkout, testKeys));
  });
  renderCheckout();
  expect(await screen.findByText('Unable to validate reference. Please try again.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(await screen.findByRole('heading', { name: 'Secure Payment' })).toBeInTheDocument();
});

test('an answer that does not open is an Invalid response', async () => {
  api = validateWith(() => ok('v1.AAAA.BBBB.0000'));
  renderCheckout();
  expect(await screen.findByText('Invalid response')).toBeInTheDocument();
});

test('closing the widget records cancelled with keepalive and tells the opener, at its exact origin', async () => {
  const opener = { closed: false, postMessage: jest.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true });
  api = validateWith(() => ok(seal(checkout, testKeys)));
  renderCheckout();
  await screen.findByRole('heading', { name: 'Secure Payment' });
  window.dispatchEvent(new Event('pagehide'));
  await waitFor(() => expect(api.callsTo('/api/update-checkout-status')).toHaveLength(1));
  const [call] = api.callsTo('/api/update-checkout-status');
  expect(call).toMatchObject({
    keepalive: true,
    authorization: 'Bearer pk_test_paydesk',
    body: { reference: 'ref-1', status: 'cancelled' },
  });
  expect(opener.postMessage).toHaveBeenCalledWith({ type: 'PAYMENT_CANCELLED', reference: 'ref-1' }, 'https://shop.example');
});

test('a refused checkout is not cancelled on close', async () => {
  api = validateWith(() => ok(seal({ ...checkout, status: 'completed' }, testKeys)));
  renderCheckout();
  await screen.findByRole('heading', { name: 'Payment Error' });
  window.dispatchEvent(new Event('pagehide'));
  expect(api.callsTo('/api/update-checkout-status')).toHaveLength(0);
});

describe("painted by the server, with the first render's answers in the page", () => {
  /** The page as the server sends a painted widget: its answers in a JSON script element. */
  function answersInPage(validation: unknown) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PAGE_ANSWERS_ID;
    script.textContent = JSON.stringify({
      '/public/config': { status: 'success', message: 'OK', data: testConfig },
      '/checkout/validate/ref-1': validation,
    });
    document.head.append(script);
    rereadPageAnswers();
  }
  afterEach(() => {
    document.getElementById(PAGE_ANSWERS_ID)?.remove();
    rereadPageAnswers();
  });

  test('the first render is the card, with no skeleton and no round trip; shown again, the widget asks the API', async () => {
    api = validateWith(() => ok(seal({ ...checkout, amount: 7 }, testKeys)));
    answersInPage({ status: 'success', message: 'Valid reference', data: seal(checkout, testKeys) });
    const first = renderCheckout();
    expect(screen.getByRole('heading', { name: 'Secure Payment' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-amount').textContent).toBe('$42.50');
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    expect(api.callsTo('/api/checkout/validate/ref-1')).toHaveLength(0);
    expect(api.callsTo('/api/public/config')).toHaveLength(0);
    first.unmount();

    renderCheckout();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByText('$7.00')).toBeInTheDocument();
    expect(api.callsTo('/api/checkout/validate/ref-1')).toHaveLength(1);
  });

  test('closing the painted widget before the page has rendered reports it cancelled', async () => {
    const opener = { closed: false, postMessage: jest.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });
    api = validateWith(() => ok(seal(checkout, testKeys)));
    answersInPage({ status: 'success', message: 'Valid reference', data: seal(checkout, testKeys) });
    reportLeavingFromPage('/checkout/ref-1');
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(api.callsTo('/api/update-checkout-status')).toHaveLength(1));
    expect(api.callsTo('/api/update-checkout-status')[0]).toMatchObject({
      keepalive: true,
      authorization: 'Bearer pk_test_paydesk',
      body: { reference: 'ref-1', status: 'cancelled' },
    });
    expect(opener.postMessage).toHaveBeenCalledWith({ type: 'PAYMENT_CANCELLED', reference: 'ref-1' }, 'https://shop.example');
    // Once: a second pagehide (the page back from the cache, then left again) reports nothing more.
    window.dispatchEvent(new Event('pagehide'));
    expect(api.callsTo('/api/update-checkout-status')).toHaveLength(1);
  });

  test.each([
    ['a checkout that may not be paid', '/checkout/ref-1', { ...checkout, status: 'completed' }],
    ['another page', '/payment-success', checkout],
  ])('%s arms nothing from the page', (_name, path, painted) => {
    api = validateWith(() => ok(seal(checkout, testKeys)));
    answersInPage({ status: 'success', message: 'Valid reference', data: seal(painted, testKeys) });
    reportLeavingFromPage(path);
    window.dispatchEvent(new Event('pagehide'));
    expect(api.callsTo('/api/update-checkout-status')).toHaveLength(0);
  });

  test('the page, once rendered, owns what was armed: leaving it for another page disarms it', () => {
    api = validateWith(() => ok(seal(checkout, testKeys)));
    answersInPage({ status: 'success', message: 'Valid reference', data: seal(checkout, testKeys) });
    reportLeavingFromPage('/checkout/ref-1');
    const page = renderCheckout();
    expect(screen.getByRole('heading', { name: 'Secure Payment' })).toBeInTheDocument();
    page.unmount();
    window.dispatchEvent(new Event('pagehide'));
    expect(api.callsTo('/api/update-checkout-status')).toHaveLength(0);
  });

  test('an answer in the page that does not open is the same Invalid response, and Try Again asks the API', async () => {
    api = validateWith(() => ok(seal(checkout, testKeys)));
    answersInPage({ status: 'success', message: 'Valid reference', data: 'v1.AAAA.BBBB.0000' });
    renderCheckout();
    expect(screen.getByText('Invalid response')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Secure Payment' })).toBeInTheDocument();
    expect(api.callsTo('/api/checkout/validate/ref-1')).toHaveLength(1);
  });
});
