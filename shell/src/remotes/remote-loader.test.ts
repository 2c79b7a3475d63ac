import { preloadPayerPage, retryReloadsPage } from './remote-loader';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(async () => null), registerRemotes: jest.fn() }));
jest.mock('./manifest', () => ({ loadRemoteManifest: jest.fn(async () => ({ remotes: [] })) }));

// The page the server sent came with preload hints for its remote's files; a failed one would fail
// an in-place retry, so a retry of that page's module reloads the page, and only that one.
test('a retry reloads the page only for the module of the payer page the server sent', () => {
  expect(retryReloadsPage('mf_payments/CheckoutPage')).toBe(false);
  preloadPayerPage('/control/cards');
  expect(retryReloadsPage('mf_cards/CardsPage')).toBe(false);
  preloadPayerPage('/checkout/chk_1');
  expect(retryReloadsPage('mf_payments/CheckoutPage')).toBe(true);
  expect(retryReloadsPage('mf_payments/PayFormPage')).toBe(false);
  expect(retryReloadsPage('mf_payments/CheckoutSuccessPage')).toBe(false);
});
