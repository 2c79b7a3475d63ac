import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from './config';

/**
 * A production-mode configuration with fresh random secrets and keys, for running the app in
 * process (integration tests, benchmarks): nothing is read from or written to a data folder.
 */
export type EphemeralConfig = Config & { publishableKey: string; secretKey: string };

export const ephemeralConfig = (env: Record<string, string> = {}): EphemeralConfig =>
  loadConfig({
    PAYDESK_MODE: 'production',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    CARD_ENVELOPE_KEY: randomBytes(32).toString('hex'),
    FINGERPRINT_KEY: randomBytes(32).toString('hex'),
    CARD_STORAGE_KEY: randomBytes(32).toString('hex'),
    WEBHOOK_SECRETS_KEY: randomBytes(32).toString('hex'),
    TWO_FACTOR_KEY: randomBytes(32).toString('hex'),
    PUBLISHABLE_KEY: `pk_test_${randomBytes(8).toString('hex')}`,
    SECRET_KEY: `sk_test_${randomBytes(16).toString('hex')}`,
    DATA_DIR: '/nonexistent',
    // Nothing listens there: answers name it, so a test sees they never come from the Host header.
    PUBLIC_URL: 'https://paydesk.test',
    // inject() asks for localhost:80, never that origin: pages answer where they are asked (a test of the redirect sets its own).
    REDIRECT_TO_PUBLIC_URL: 'false',
    LOG_LEVEL: 'silent',
    // Tests and benchmarks call from one address far faster than any payer; a test of the limits sets its own.
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    PAYMENT_RATE_LIMIT_PER_MINUTE: '1000000',
    PAYMENT_PROCESSOR: 'sandbox',
    ...env,
  }) as EphemeralConfig;
