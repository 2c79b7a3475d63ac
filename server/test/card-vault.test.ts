import { randomBytes } from 'node:crypto';
import { cardVault, CardVaultError } from '../src/cards/card-vault';

const vault = cardVault(randomBytes(32).toString('hex'));
const secret = { cardNumber: '4242424242424242', cvv: '123' };
const fingerprint = 'f'.repeat(64);
const b64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The sealed value with its ciphertext bytes changed, spelled canonically. */
function withBody(sealed: string, change: (body: Buffer) => Buffer | Uint8Array): string {
  const parts = sealed.split('.');
  parts[3] = Buffer.from(change(Buffer.from(parts[3]!, 'base64url'))).toString('base64url');
  return parts.join('.');
}

describe('the card vault (AES-256-GCM at rest)', () => {
  it('opens what it sealed, and the sealed text shows neither the number nor the CVV', () => {
    const sealed = vault.seal(secret, fingerprint);
    expect(vault.open(sealed, fingerprint)).toEqual(secret);
    expect(sealed).not.toContain('4242');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
  });

  it('never repeats an IV, across the blocks of random IVs too', () => {
    const ivs = new Set(Array.from({ length: 10_000 }, () => vault.seal(secret, fingerprint).split('.')[1]));
    expect(ivs.size).toBe(10_000);
  });

  it.each([
    ['a flipped ciphertext byte', (s: string) => withBody(s, (body) => body.map((b, i) => (i === 0 ? b ^ 1 : b))), fingerprint],
    ['a longer ciphertext', (s: string) => withBody(s, (body) => Buffer.concat([body, Buffer.of(0)])), fingerprint],
    // The last character of a 20-byte body carries 2 unused bits; Node would decode both spellings alike.
    ['a non-canonical spelling of the same bytes', (s: string) => s.replace(/.$/, (c) => b64url[b64url.indexOf(c) | 1]!), fingerprint],
    ['another row (other fingerprint)', (s: string) => s, 'e'.repeat(64)],
    ['an unknown version', (s: string) => s.replace(/^v1/, 'v2'), fingerprint],
    ['a cut value', (s: string) => s.split('.').slice(0, 3).join('.'), fingerprint],
  ])('refuses %s', (_what, tamper, openWith) => {
    expect(() => vault.open(tamper(vault.seal(secret, fingerprint)), openWith)).toThrow(CardVaultError);
  });

  it('refuses a value sealed with another key', () => {
    const other = cardVault(randomBytes(32).toString('hex'));
    expect(() => vault.open(other.seal(secret, fingerprint), fingerprint)).toThrow('integrity check');
  });
});
