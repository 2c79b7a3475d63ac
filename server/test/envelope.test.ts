import { createHmac, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import * as pages from '@paydesk/shared/crypto/envelope';
import * as server from '../src/payments/envelope';

// The server's node:crypto envelope against the pages' crypto-js one: one format, either side sealing.
const keyHex = randomBytes(32).toString('hex');
const keys = { pages: pages.envelopeKeys(keyHex), server: server.envelopeKeys(keyHex) };
const payload = { card_number: '4242424242424242', cvv: '123', amount: 12.5, name: 'Zoë “Ω” 😀', nested: { ok: true } };

test('property: what either side seals, the other opens to the same value', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const json = JSON.parse(JSON.stringify(value)) as unknown;
      expect(server.open(pages.seal(value, keys.pages), keys.server)).toEqual(json);
      expect(pages.open(server.seal(value, keys.server), keys.pages)).toEqual(json);
    }),
    { numRuns: 200 },
  );
});

test('the server seals in the format the pages expect, never in clear, with a fresh IV each time', () => {
  const sealed = server.seal(payload, keys.server);
  expect(sealed).toMatch(/^v1\.[A-Za-z0-9+/]+={0,2}\.[A-Za-z0-9+/]+={0,2}\.[0-9a-f]{64}$/);
  expect(sealed).not.toContain('4242');
  expect(server.seal(payload, keys.server)).not.toBe(sealed);
});

test('property: any change to any part of an envelope is refused', () => {
  const sealed = pages.seal(payload, keys.pages);
  fc.assert(
    fc.property(fc.nat(sealed.length - 1), fc.constantFrom('A', 'B', '0', '9', 'a', '.', '+'), (at, char) => {
      fc.pre(sealed[at] !== char);
      const tampered = `${sealed.slice(0, at)}${char}${sealed.slice(at + 1)}`;
      expect(() => server.open(tampered, keys.server)).toThrow(pages.EnvelopeError);
    }),
  );
});

test.each([
  ['an empty string', ''],
  ['another version', 'v2.a.b.c'],
  ['too few parts', 'v1.abc.def'],
  ['not base64 or hex', 'v1.%%%.%%%.00'],
])('refuses %s', (_case, value) => {
  expect(() => server.open(value, keys.server)).toThrow(pages.EnvelopeError);
});

test('refuses the right MAC written in capitals, and an envelope sealed with another key', () => {
  const sealed = pages.seal(payload, keys.pages);
  const [body, mac] = [sealed.slice(0, sealed.lastIndexOf('.')), sealed.slice(sealed.lastIndexOf('.') + 1)];
  expect(() => server.open(`${body}.${mac.toUpperCase()}`, keys.server)).toThrow('integrity');
  expect(() => server.open(pages.seal(payload, pages.envelopeKeys(randomBytes(32).toString('hex'))), keys.server)).toThrow('integrity');
});

test('an authentic envelope whose IV is not 16 bytes is refused, not a crash', () => {
  // Sealed by hand with a 12-byte IV and a valid MAC: only the decryption can refuse it.
  const body = `v1.${randomBytes(12).toString('base64')}.${randomBytes(32).toString('base64')}`;
  const sealed = `${body}.${createHmac('sha256', keys.server.mac).update(body).digest('hex')}`;
  expect(() => server.open(sealed, keys.server)).toThrow('could not be decrypted');
});

test('the deployment key must be 32 bytes of hex', () => {
  expect(() => server.envelopeKeys('short')).toThrow(pages.EnvelopeError);
});
