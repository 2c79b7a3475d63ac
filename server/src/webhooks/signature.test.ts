import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signatureHeader, verifySignature } from './signature';

const body = JSON.stringify({ id: 'evt_1', type: 'payment.succeeded', created: 1, data: { object: { id: 'TXN1' } } });
const secret = 'whsec_test_secret_one';
const now = 1_800_000_000;

describe('signature', () => {
  it('verifies a signature made now, and within five minutes either way', () => {
    expect(verifySignature(body, signatureHeader(body, [secret], now), secret, 300, now * 1000)).toBe(true);
    expect(verifySignature(body, signatureHeader(body, [secret], now - 300), secret, 300, now * 1000)).toBe(true);
    expect(verifySignature(body, signatureHeader(body, [secret], now + 299), secret, 300, now * 1000)).toBe(true);
    expect(verifySignature(Buffer.from(body), signatureHeader(body, [secret], now), secret, 300, now * 1000)).toBe(true);
  });

  it('refuses an old (replayed) or future timestamp, a tampered body, another secret, a malformed header', () => {
    expect(verifySignature(body, signatureHeader(body, [secret], now - 301), secret, 300, now * 1000)).toBe(false);
    expect(verifySignature(body, signatureHeader(body, [secret], now + 301), secret, 300, now * 1000)).toBe(false);
    expect(verifySignature(body.replace('TXN1', 'TXN2'), signatureHeader(body, [secret], now), secret, 300, now * 1000)).toBe(false);
    expect(verifySignature(body, signatureHeader(body, ['whsec_other'], now), secret, 300, now * 1000)).toBe(false);
    const header = signatureHeader(body, [secret], now);
    expect(verifySignature(body, header.replace(`t=${now}`, `t=${now + 1}`), secret, 300, now * 1000)).toBe(false);
    for (const bad of [undefined, '', 'v1=abc', `t=${now}`, `t=${now},v1=zz`, `t=x,v1=${'0'.repeat(64)}`]) {
      expect(verifySignature(body, bad, secret, 300, now * 1000)).toBe(false);
    }
  });

  it("accepts any of several v1 signatures (a roll's grace: old and new secret)", () => {
    const header = signatureHeader(body, ['whsec_new', 'whsec_old'], now);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect([
      verifySignature(body, header, 'whsec_new', 300, now * 1000),
      verifySignature(body, header, 'whsec_old', 300, now * 1000),
    ]).toEqual([true, true]);
    expect(verifySignature(body, signatureHeader(body, ['whsec_new'], now), 'whsec_old', 300, now * 1000)).toBe(false);
  });
});

it('the README\'s "Verify a webhook" snippet is verify-webhook.js, word for word', () => {
  const readme = readFileSync(join(__dirname, '..', '..', '..', 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Verify a webhook'));
  const snippet = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  expect(snippet).toBe(readFileSync(join(__dirname, 'verify-webhook.js'), 'utf8'));
});
