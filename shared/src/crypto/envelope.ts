import AES from 'crypto-js/aes';
import Base64 from 'crypto-js/enc-base64';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import CryptoJS from 'crypto-js/core';

/**
 * The `{data}` envelope of the card endpoints (API-03): AES-256-CBC with a fresh random IV,
 * then HMAC-SHA256 over version, IV and ciphertext (encrypt-then-MAC), so a changed byte is
 * refused before anything is decrypted. Both keys derive from one 32-byte deployment key.
 * Format: `v1.<iv base64>.<ciphertext base64>.<mac hex>`.
 */
export class EnvelopeError extends Error {
  override name = 'EnvelopeError';
}

const VERSION = 'v1';

interface EnvelopeKeys {
  encryption: CryptoJS.lib.WordArray;
  mac: CryptoJS.lib.WordArray;
}

/** Derives the encryption and MAC keys from the deployment key (64 hex characters). */
export function envelopeKeys(keyHex: string): EnvelopeKeys {
  if (!/^[0-9a-f]{64}$/i.test(keyHex)) throw new EnvelopeError('The envelope key must be 64 hex characters');
  const key = Hex.parse(keyHex);
  return { encryption: HmacSHA256('paydesk envelope encryption', key), mac: HmacSHA256('paydesk envelope mac', key) };
}

/** Compares two strings in time independent of where they differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function seal(value: unknown, keys: EnvelopeKeys): string {
  // crypto-js 4 draws from the platform's secure random source (Web Crypto or node:crypto).
  const iv = CryptoJS.lib.WordArray.random(16);
  const encrypted = AES.encrypt(JSON.stringify(value), keys.encryption, { iv, mode: CryptoJS.mode.CBC, padding: CryptoJS.pad.Pkcs7 });
  const body = `${VERSION}.${Base64.stringify(iv)}.${Base64.stringify(encrypted.ciphertext)}`;
  return `${body}.${Hex.stringify(HmacSHA256(body, keys.mac))}`;
}

/** Verifies, then decrypts; throws EnvelopeError for anything tampered, truncated or foreign. */
export function open(envelope: string, keys: EnvelopeKeys): unknown {
  const parts = envelope.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new EnvelopeError('Malformed payment envelope');
  const [version, iv, ciphertext, mac] = parts as [string, string, string, string];
  const expected = Hex.stringify(HmacSHA256(`${version}.${iv}.${ciphertext}`, keys.mac));
  if (!sameText(expected, mac)) throw new EnvelopeError('Payment envelope failed its integrity check');
  try {
    const plain = AES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext: Base64.parse(ciphertext) }), keys.encryption, {
      iv: Base64.parse(iv),
      mode: CryptoJS.mode.CBC,
      padding: CryptoJS.pad.Pkcs7,
    });
    return JSON.parse(plain.toString(Utf8));
  } catch {
    throw new EnvelopeError('Payment envelope could not be decrypted');
  }
}
