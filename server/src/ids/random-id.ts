import { randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random id with a readable prefix: `TXN…`, `ORD…`, `chk_…` (160 bits of randomness). */
export function randomId(prefix: string, length = 32): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}${id}`;
}
