import { isIP } from 'node:net';
import { z } from 'zod';
import { createUserRequest } from '@paydesk/shared/schemas/user';
import { paymentProcessors } from '@paydesk/shared/schemas/payment-processor';
import { defaultDbLimits } from './db/db';

/**
 * The environment the server reads, as one schema (docs/configuration.md): each variable's type,
 * bounds and default, and the message that names it when its value is refused. config.ts turns
 * the parsed values into the Config the server runs with.
 */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** `auto`: short readable lines when standard output is a terminal, JSON lines anywhere else. */
export const logFormats = ['auto', 'json', 'pretty'] as const;

/** "10.0.0.0/8, 192.168.1.7, ::1": addresses or CIDR ranges of the proxies (or loopback, linklocal, uniquelocal). */
const isProxyList = (value: string): boolean =>
  value.split(',').every((item) => {
    const [address = '', bits, ...rest] = item.trim().split('/');
    if (['loopback', 'linklocal', 'uniquelocal'].includes(address) && bits === undefined) return true;
    const version = isIP(address);
    const maxBits = version === 4 ? 32 : 128;
    return version !== 0 && rest.length === 0 && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits));
  });

/** An http(s) origin, optionally with a trailing slash: no path, query, fragment or credentials. */
const isWebOrigin = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (
      ['http:', 'https:'].includes(url.protocol) &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password &&
      !value.includes('#') &&
      !value.includes('?')
    );
  } catch {
    return false;
  }
};

const isHostList = (value: string): boolean => value.split(',').every((host) => /^[a-z0-9.:[\]-]{1,253}$/i.test(host.trim()));

const unitMs = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
/** "1m,5m,30m,2h": the delays before each retry, in milliseconds; undefined if one does not read. */
export function parseSchedule(value: string): number[] | undefined {
  const delays = value.split(',').map((item) => {
    const match = /^(\d{1,6})(ms|s|m|h)$/.exec(item.trim());
    return match ? Number(match[1]) * unitMs[match[2] as keyof typeof unitMs] : NaN;
  });
  return delays.length <= 30 && delays.every((delay) => delay > 0) ? delays : undefined;
}

/** The retries of a webhook delivery over about three days (docs/decisions/webhook-delivery.md). */
export const DEFAULT_RETRY_SCHEDULE = '1m,5m,30m,2h,5h,10h,10h,14h,20h';

const seconds = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(defaultDbLimits.poolMax),
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(defaultDbLimits.acquireTimeoutMs),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(defaultDbLimits.statementTimeoutMs),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(defaultDbLimits.lockTimeoutMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3_600_000)
    .default(defaultDbLimits.idleInTransactionTimeoutMs),
  DATABASE_WEDGED_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  PAYDESK_MODE: z.enum(['demo', 'production']).default('demo'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  LOG_FORMAT: z.enum(logFormats, `must be one of: ${logFormats.join(', ')}`).default('auto'),
  DEMO_PASSWORD: createUserRequest.shape.password.optional(),
  CARD_ENVELOPE_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  FINGERPRINT_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  CARD_STORAGE_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  CARD_UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(200).default(20),
  CARD_POOL_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  PUBLISHABLE_KEY: z.string().min(12, 'must be at least 12 characters').optional(),
  SECRET_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  SUPPORT_EMAIL: z.string().email().default('support@paydesk.test'),
  PENDING_RESOLVE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(30),
  WITHDRAWAL_SETTLE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(20),
  REFUND_SETTLE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(20),
  DISPUTE_OPEN_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 3600)
    .default(10),
  DISPUTE_RESPONSE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 3600)
    .default(600),
  DISPUTE_DECISION_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 3600)
    .default(30),
  DISPUTE_FEE: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be an amount in dollars with at most two decimals, such as 15.00')
    .default('15.00'),
  FRONTENDS_DIR: z.string().min(1).optional(),
  REMOTES_MANIFEST: z.string().min(1).optional(),
  REMOTE_ORIGINS: z
    .string()
    .refine(
      (value) => value.split(',').every((origin) => origin.trim() === '' || /^https?:\/\/[^/?#]+$/.test(origin.trim())),
      'must be a comma-separated list of origins such as https://cdn.example.com',
    )
    .optional(),
  CANARY_MIN_LOADS: z.coerce.number().int().min(1).max(1_000_000).default(50),
  CANARY_MAX_FAILURE_RATE: z.coerce.number().min(0).max(1).default(0.05),
  REMOTE_REPORTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  AUDIT_CHECKPOINT_FILE: z.string().min(1).optional(),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  LOGIN_LOCK_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
  PAYMENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('paydesk:'),
  TRUST_PROXY: z.string().refine(isProxyList, 'must be a comma-separated list of proxy addresses or CIDR ranges').optional(),
  PAYMENT_PROCESSOR: z.enum(paymentProcessors, `must be one of: ${paymentProcessors.join(', ')}`).optional(),
  PUBLIC_URL: z.string().refine(isWebOrigin, 'must be an http:// or https:// origin such as https://pay.example.com (no path)').optional(),
  REDIRECT_TO_PUBLIC_URL: z.enum(['true', 'false'], 'must be true or false').optional(),
  REQUEST_TIMEOUT_SECONDS: seconds(3600, 60),
  HEADERS_TIMEOUT_SECONDS: seconds(3600, 10),
  CONNECTION_TIMEOUT_SECONDS: seconds(3600, 120),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(3600, 72),
  WEBHOOK_SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  WEBHOOK_TIMEOUT_SECONDS: seconds(60, 10),
  WEBHOOK_ALLOWED_HOSTS: z.string().refine(isHostList, 'must be a comma-separated list of host names').optional(),
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .refine((value) => parseSchedule(value) !== undefined, 'must be a comma-separated list of delays such as 1m,5m,30m,2h')
    .optional(),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(200),
  WEBHOOK_YIELD_REQUESTS: z.coerce.number().int().min(1).max(100_000).default(20),
  TWO_FACTOR_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  REQUIRE_TWO_FACTOR: z.enum(['true', 'false'], 'must be true or false').default('false'),
});
