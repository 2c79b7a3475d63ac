import { createHmac, randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random id with a readable prefix: `TXN…`, `ORD…`, `chk_…` (160 bits of randomness). */
export function randomId(prefix: string, length = 32): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}${id}`;
}

export const newTransactionId = () => randomId('TXN', 20);
export const newOrderId = () => randomId('ORD', 20);
export const newCheckoutReference = () => randomId('chk_', 24);

/** A keyed fingerprint of a card number: finds the same card again without storing it. */
export const cardFingerprint = (key: string, cardNumber: string): string =>
  createHmac('sha256', key).update(cardNumber).digest('hex');
