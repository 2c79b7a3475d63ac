import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';

/** The secret part of a pooled card: never logged, never sent, only sealed at rest. */
export interface CardSecret {
  cardNumber: string;
  cvv: string;
}

const VERSION = 'v1';
const secretSchema = z.object({ n: z.string().regex(/^\d{13,19}$/), c: z.string().regex(/^\d{3,4}$/) });

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

  const seal = (secret: CardSecret, fingerprint: string): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(fingerprint));
    const body = Buffer.concat([cipher.update(JSON.stringify({ n: secret.cardNumber, c: secret.cvv })), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  };

  const open = (sealed: string, fingerprint: string): CardSecret => {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || !body) throw new CardVaultError('Unknown sealed card format');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(fingerprint));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      const { n, c } = secretSchema.parse(JSON.parse(plain));
      return { cardNumber: n, cvv: c };
    } catch {
      throw new CardVaultError('A sealed card failed its integrity check');
    }
  };

  return { seal, open };
}
export type CardVault = ReturnType<typeof cardVault>;
