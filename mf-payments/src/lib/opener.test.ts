import { callbackOrigin, postToOpener } from './opener';

afterEach(() => Object.defineProperty(window, 'opener', { value: null, configurable: true }));
const withOpener = () => {
  const opener = { closed: false, postMessage: jest.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true });
  return opener;
};

test('the target origin is the exact origin of the callback address', () => {
  expect(callbackOrigin('https://shop.example:8443/a/b?c=d')).toBe('https://shop.example:8443');
  expect(callbackOrigin('javascript:alert(1)')).toBeNull();
  expect(callbackOrigin('not a url')).toBeNull();
  expect(callbackOrigin(null)).toBeNull();
});

test('posts to the opener at that origin, never to *', () => {
  const opener = withOpener();
  expect(postToOpener({ type: 'PAYMENT_SUCCESS', reference: 'r', transaction_id: 't' }, 'https://shop.example/x')).toBe(true);
  expect(opener.postMessage).toHaveBeenCalledWith({ type: 'PAYMENT_SUCCESS', reference: 'r', transaction_id: 't' }, 'https://shop.example');
});

test('without a callback address or an opener nothing is posted', () => {
  const opener = withOpener();
  expect(postToOpener({ type: 'PAYMENT_CANCELLED', reference: 'r' }, null)).toBe(false);
  expect(opener.postMessage).not.toHaveBeenCalled();
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
  expect(postToOpener({ type: 'PAYMENT_CANCELLED', reference: 'r' }, 'https://shop.example')).toBe(false);
});
