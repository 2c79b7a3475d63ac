import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Demo mode only: secrets the operator did not set are generated once and kept in
 * DATA_DIR/demo-secrets.json (mode 0600), so a restart keeps sessions valid.
 * Production never reaches this file: there a missing secret refuses start.
 */
const generators = {
  AUTH_SECRET: () => randomBytes(48).toString('base64url'),
  /** AES and HMAC keys of the payment envelope derive from these 32 bytes. */
  CARD_ENVELOPE_KEY: () => randomBytes(32).toString('hex'),
  /** Keyed fingerprints of card numbers (HMAC-SHA256), for duplicates and look-ups. */
  FINGERPRINT_KEY: () => randomBytes(32).toString('hex'),
  /** AES-256-GCM key of the card pool at rest; unlike the envelope key it never leaves the server. */
  CARD_STORAGE_KEY: () => randomBytes(32).toString('hex'),
  /** AES-256-GCM key of the webhook endpoints' signing secrets at rest. */
  WEBHOOK_SECRETS_KEY: () => randomBytes(32).toString('hex'),
  /** AES-256-GCM key of the staff's TOTP secrets at rest. */
  TWO_FACTOR_KEY: () => randomBytes(32).toString('hex'),
} as const;
export type DemoSecretName = keyof typeof generators;
const secretNames = Object.keys(generators) as DemoSecretName[];
type DemoSecrets = Record<DemoSecretName, string>;

const fileSchema = z.record(z.string(), z.string().min(32));

const fileOf = (dataDir: string): string => join(dataDir, 'demo-secrets.json');

function readSecrets(file: string): Record<string, string> {
  try {
    return fileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`${file} is unreadable; delete it to generate new demo secrets`, { cause: error });
  }
}

export function loadDemoSecrets(dataDir: string): DemoSecrets {
  const file = fileOf(dataDir);
  const stored = readSecrets(file);
  if (secretNames.every((name) => stored[name])) return stored as DemoSecrets;
  const next = { ...stored };
  for (const name of secretNames) next[name] ??= generators[name]();
  mkdirSync(dataDir, { recursive: true });
  // 'wx' when creating: of two processes starting together, one writes and the other re-reads.
  const flag = Object.keys(stored).length === 0 ? 'wx' : 'w';
  try {
    writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600, flag });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readSecrets(file) as DemoSecrets;
    throw error;
  }
  return next as DemoSecrets;
}
