import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** The secret part of a pooled card: never logged, never sent, only sealed at rest. */
export interface CardSecret {
  cardNumber: string;
  cvv: string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
/** The sealed plaintext: `number:cvv`. */
const plainFormat = /^(\d{13,19}):(\d{3,4})$/;

export class CardVaultError extends Error {
  override name = 'CardVaultError';
}

/**
 * AES-256-GCM for the card pool at rest (CARD_STORAGE_KEY). The fingerprint is the additional
 * authenticated data: a sealed value copied onto another row fails to open. Format
 * `v1.iv.tag.ciphertext` in base64url, so a future key can be told apart by its version.
 */
export function cardVault(hexKey: string) {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new CardVaultError('CARD_STORAGE_KEY must be 32 bytes of hex');

  // IVs come from the secure random source in blocks: one call per 4,096 seals instead of one each.
  let ivs = Buffer.alloc(0);
  const nextIv = (): Buffer => {
    if (ivs.length < IV_BYTES) ivs = randomBytes(IV_BYTES * 4096);
    const iv = ivs.subarray(0, IV_BYTES);
    ivs = ivs.subarray(IV_BYTES);
    return iv;
  };

  const seal = (secret: CardSecret, fingerprint: string): string => {
    const iv = nextIv();
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(fingerprint));
    const body = Buffer.concat([cipher.update(`${secret.cardNumber}:${secret.cvv}`), cipher.final()]);
    return `${VERSION}.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  };

  const open = (sealed: string, fingerprint: string): CardSecret => {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || !body) throw new CardVaultError('Unknown sealed card format');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, fromBase64url(iv));
      decipher.setAAD(Buffer.from(fingerprint));
      decipher.setAuthTag(fromBase64url(tag));
      const plain = Buffer.concat([decipher.update(fromBase64url(body)), decipher.final()]).toString('utf8');
      const match = plainFormat.exec(plain);
      if (!match) throw new CardVaultError('Unexpected sealed content');
      return { cardNumber: match[1]!, cvv: match[2]! };
    } catch {
      throw new CardVaultError('A sealed card failed its integrity check');
    }
  };

  return { seal, open };
}
/**
 * Base64url read strictly: Node ignores a last character's unused bits, so two texts could open
 * to the same bytes. Only the canonical spelling of a value opens.
 */
function fromBase64url(text: string): Buffer {
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.toString('base64url') !== text) throw new CardVaultError('Not canonical base64url');
  return bytes;
}

export type CardVault = ReturnType<typeof cardVault>;
