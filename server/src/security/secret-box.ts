import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for the webhook signing secrets at rest (WEBHOOK_SECRETS_KEY). The endpoint id is
 * the additional authenticated data: a sealed secret copied onto another endpoint fails to open.
 * Format `v1.iv.tag.ciphertext` in base64url. The TOTP secrets use the same box with their own key
 * (TWO_FACTOR_KEY) and the user as the authenticated data.
 */
export function secretBox(hexKey: string, keyName = 'WEBHOOK_SECRETS_KEY') {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error(`${keyName} must be 32 bytes of hex`);
  return {
    seal(secret: string, endpointId: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(endpointId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed: string, endpointId: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || !body) throw new Error('Unknown sealed secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(endpointId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;
