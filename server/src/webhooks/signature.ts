import { createHmac, randomBytes } from 'node:crypto';
import { verifyWebhook } from './verify-webhook';

/** A new signing secret, shown once: `whsec_` and 32 random bytes. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The Paydesk-Signature header of `body` at `timestampSeconds`: `t=…,v1=…`, one v1 (hex
 * HMAC-SHA256 of `t.body`) per live secret, so that both the new and the previous secret
 * verify during a roll's grace.
 */
export function signatureHeader(body: string, secrets: readonly string[], timestampSeconds = Math.floor(Date.now() / 1000)): string {
  const v1 = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')}`);
  return [`t=${timestampSeconds}`, ...v1].join(',');
}

/** Verification is the README's snippet itself (verify-webhook.js), which merchants copy. */
export const verifySignature = verifyWebhook;
