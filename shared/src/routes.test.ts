import { isKnownPagePath, matchesRoute, publicPageModuleAt, publicPaths } from './routes';

test.each([
  '/',
  '/checkout/abc123',
  '/payment-success',
  '/payment-pending',
  '/payment-failure',
  '/checkout-success/ref-1',
  '/control',
  '/control/login',
  '/control/transactions',
  '/control/transactions/42',
  '/control/users',
  '/control/settings',
  '/control/cards',
  '/control/withdrawals',
  '/control/developers',
  '/control/developers/webhooks/we_1',
  '/control/developers/events',
  '/control/disputes',
  '/control/disputes/dp_1',
  '/control/dashboard/',
])('%s is a page of the product', (path) => expect(isKnownPagePath(path)).toBe(true));

test.each([
  '/nope',
  '/checkout',
  '/checkout/a/b',
  '/control/unknown',
  '/control/transactions/1/edit',
  '/control/developers/webhooks',
  '/paymentsuccess',
])('%s is not (404 page)', (path) => expect(isKnownPagePath(path)).toBe(false));

test('matchesRoute tells which route an address is', () => {
  expect(matchesRoute(publicPaths.checkout, '/checkout/chk_1')).toBe(true);
  expect(matchesRoute(publicPaths.payForm, '/checkout/chk_1')).toBe(false);
  expect(matchesRoute(publicPaths.payForm, '/')).toBe(true);
});

test('publicPageModuleAt names the remote module of a payer page, and nothing for other paths', () => {
  expect(publicPageModuleAt('/')).toBe('mf_payments/PayFormPage');
  expect(publicPageModuleAt('/checkout/chk_1')).toBe('mf_payments/CheckoutPage');
  expect(publicPageModuleAt('/checkout-success/chk_1/')).toBe('mf_payments/CheckoutSuccessPage');
  expect(publicPageModuleAt('/payment-failure')).toBe('mf_payments/PaymentFailurePage');
  for (const path of ['/checkout', '/control', '/control/dashboard', '/remotes.json', '/api/checkout/chk_1', '/nope'])
    expect(publicPageModuleAt(path)).toBeUndefined();
});
