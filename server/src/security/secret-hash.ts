import { createHash } from 'node:crypto';

/**
 * What is stored of a random secret the server hands out (an API key, a deploy token, a sign-in
 * challenge, a recovery code): its SHA-256, hex. Their entropy (80 bits or more) leaves no guess
 * list to try against one fast hash, and a slow password hash would cost every request that
 * presents one (docs/decisions/api-keys-hashed-and-cached.md).
 */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');
