import { randomBytes } from 'node:crypto';
import type { ApiKeyKind } from '@paydesk/shared/schemas/api-keys';
import type { Mode } from '../config';
import { hashSecret } from '../security/secret-hash';

/**
 * A new key: `sk_live_` / `pk_live_` (production) or `sk_test_` / `pk_test_` (demo mode), then
 * 256 random bits. So much entropy makes one SHA-256 the right hash (KEY-03): nobody can guess
 * keys against it, and a slow password hash would cost every request
 * (docs/decisions/api-keys-hashed-and-cached.md).
 */
export function newKey(kind: ApiKeyKind, mode: Mode): string {
  return `${kind === 'secret' ? 'sk' : 'pk'}_${mode === 'production' ? 'live' : 'test'}_${randomBytes(32).toString('base64url')}`;
}

/** SHA-256 of the whole key, hex: what is stored and compared. */
export const hashKey = hashSecret;

/** What lists show of a key: its first 12 characters (`sk_live_xxxx`). */
export const prefixOf = (key: string): string => key.slice(0, 12);
