import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { envelopeKeys, EnvelopeError, open, seal } from './envelope';

const keys = envelopeKeys(randomBytes(32).toString('hex'));
const payload = { card_number: '4242424242424242', cvv: '123', amount: 12.5, nested: { ok: true } };

test('a sealed value opens to the same value, and never carries it in clear', () => {
  const sealed = seal(payload, keys);
  expect(sealed).toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\.[0-9a-f]{64}$/);
  expect(sealed).not.toContain('4242');
  expect(open(sealed, keys)).toEqual(payload);
});

test('the same value sealed twice differs (fresh IV)', () => {
  expect(seal(payload, keys)).not.toBe(seal(payload, keys));
});

test('property: any change to any part of an envelope is refused', () => {
  const sealed = seal(payload, keys);
  fc.assert(
    fc.property(fc.nat(sealed.length - 1), fc.constantFrom('A', 'B', '0', '9', '.', '+'), (at, char) => {
      fc.pre(sealed[at] !== char);
      const tampered = `${sealed.slice(0, at)}${char}${sealed.slice(at + 1)}`;
      expect(() => open(tampered, keys)).toThrow(EnvelopeError);
    }),
  );
});

test.each([
  ['an empty string', ''],
  ['another version', 'v2.a.b.c'],
  ['too few parts', 'v1.abc.def'],
  ['not base64', 'v1.%%%.%%%.00'],
])('refuses %s', (_case, value) => {
  expect(() => open(value, keys)).toThrow(EnvelopeError);
});

test('an envelope sealed with another key is refused', () => {
  const other = envelopeKeys(randomBytes(32).toString('hex'));
  expect(() => open(seal(payload, other), keys)).toThrow('integrity');
});

test('the deployment key must be 32 bytes of hex', () => {
  expect(() => envelopeKeys('short')).toThrow(EnvelopeError);
});
