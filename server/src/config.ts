import { join, resolve } from 'node:path';
import type { z } from 'zod';
import { decimalToCents } from '@paydesk/shared/money';
import { paymentProcessors, type PaymentProcessorName } from '@paydesk/shared/schemas/payment-processor';
import type { DbLimits } from './db/db';
import { findRepoRoot } from './repo-root';
import { loadDemoSecrets, type DemoSecretName } from './demo-secrets';
import { DEMO_PUBLISHABLE_KEY, DEMO_SECRET_KEY } from './demo-keys';
import { DEMO_PASSWORD } from './demo-password';
import { DEFAULT_RETRY_SCHEDULE, envSchema, type logFormats, type logLevels, parseSchedule } from './config-schema';

/** Thrown when the environment is unusable; main prints its message and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Mode = 'demo' | 'production';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; absent means embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** How long database calls may wait and run. */
  dbLimits: DbLimits;
  /** A health probe of the database that has neither answered nor failed for this long means the process is wedged: it stops. */
  dbWedgedSeconds: number;
  mode: Mode;
  authSecret: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  logLevel: (typeof logLevels)[number];
  /** JSON lines, short lines for a person (`pretty`), or pretty only when standard output is a terminal (`auto`). */
  logFormat: (typeof logFormats)[number];
  /** Password of the seeded demo accounts (demo mode only). */
  demoPassword: string;
  /** 64 hex characters: the payment envelope key handed to payer pages at run time. */
  cardEnvelopeKey: string;
  fingerprintKey: string;
  /** 64 hex characters: AES-256-GCM key of the card pool's numbers and CVVs at rest (never sent anywhere). */
  cardStorageKey: string;
  /** Largest card spreadsheet the upload accepts. */
  cardUploadMaxBytes: number;
  /** Sandbox issuer: consecutive failed payments after which a pooled card blocks itself. */
  cardPoolMaxFailures: number;
  /**
   * The first publishable and secret keys of a database that has none (KEY-02): the published demo
   * keys in demo mode; in production PUBLISHABLE_KEY and SECRET_KEY, needed only until keys exist.
   */
  publishableKey: string | undefined;
  secretKey: string | undefined;
  supportEmail: string;
  /** Sandbox: how long a pending test-card payment waits before it resolves. */
  pendingResolveSeconds: number;
  /** Sandbox: how long a requested withdrawal stays pending before the bank settles it. */
  withdrawalSettleSeconds: number;
  /** Sandbox: how long a refund stays pending before the card network settles it. */
  refundSettleSeconds: number;
  /** Sandbox: how long after a payment with a dispute test card its dispute (or inquiry) opens. */
  disputeOpenSeconds: number;
  /** How long a dispute or an inquiry waits for evidence (its due_by). */
  disputeResponseSeconds: number;
  /** Sandbox: how long the issuer takes to decide evidence without a test word. */
  disputeDecisionSeconds: number;
  /** Taken from the available balance with a dispute's amount, and kept when it is won. */
  disputeFeeCents: number;
  /** Folder holding the built front ends, shell/dist and each remote dist (default: the repository root). */
  frontendsDir: string;
  /** Deploy-time remotes manifest file; absent means the remotes built in this checkout. */
  remotesManifest: string | undefined;
  /** File the audit trail's checkpoints are appended to (AUD-09); absent means only the log keeps them. */
  auditCheckpointFile: string | undefined;
  /** Failed sign-ins in a row after which an e-mail address is locked (SEC-06: the settings' max login attempts). */
  loginMaxAttempts: number;
  /** How long that lock lasts (PCI DSS 8.3.4: at least 30 minutes). */
  loginLockMinutes: number;
  /** Sign-in calls per minute from one address. */
  loginRateLimitPerMinute: number;
  /** Public payment calls per minute from one address. */
  paymentRateLimitPerMinute: number;
  /** Redis for the lock and rate-limit counters; absent means they live in PostgreSQL. */
  redisUrl: string | undefined;
  /** Prefix of every Redis key this deployment writes. */
  redisKeyPrefix: string;
  /** Proxies whose X-Forwarded-For is believed (Fastify `trustProxy`); absent means none. */
  trustProxy: string | undefined;
  /** Who decides payment outcomes; `sandbox` (the only one today) simulates them. */
  paymentProcessor: PaymentProcessorName;
  /**
   * The origin payers and merchants reach this server on (`https://pay.example.com`): checkout
   * links, the 3-D Secure challenge origin and its form are built from it, never from the Host header.
   */
  publicUrl: string;
  /**
   * Pages and front-end files asked for under another host than PUBLIC_URL's are redirected there
   * (a 308); the API never is. Default: on in demo mode, off in production.
   */
  redirectToPublicUrl: boolean;
  /** Time for a whole request, headers and body, to arrive; then 408 and the connection closes. */
  requestTimeoutMs: number;
  /** Time for a request's headers to arrive (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed. */
  connectionTimeoutMs: number;
  /** How long an idle keep-alive connection waits for its next request. */
  keepAliveTimeoutMs: number;
  /** 64 hex characters: AES-256-GCM key of the webhook signing secrets at rest. */
  webhookSecretsKey: string;
  /** One delivery attempt's limit, connection to last byte. */
  webhookTimeoutMs: number;
  /** Host names a webhook may reach whatever their addresses (outside demo mode, private ones are refused). */
  webhookAllowedHosts: string[];
  /** Outside demo mode, the origins a remote's release may be published on. */
  remoteOrigins: string[];
  /** A canary is judged once it has this many loads reported... */
  canaryMinLoads: number;
  /** ...and rolled back on its own when more than this share of them failed. */
  canaryMaxFailureRate: number;
  /** Failure and load reports of the remotes, per client address. */
  remoteReportsPerMinute: number;
  /** Delays before each retry of a failed delivery, in milliseconds; after the last, the delivery has failed. */
  webhookRetryScheduleMs: number[];
  /** How often each process looks for events to fan out and deliveries due. */
  webhookPollMs: number;
  /** Requests in flight (averaged) from which a process is busy and its webhook worker delivers at a trickle. */
  webhookYieldRequests: number;
  /** 64 hex characters: AES-256-GCM key of the staff's TOTP secrets at rest (AUTH-10). */
  twoFactorKey: string;
  /** Every staff member must sign in with a second factor; one without is led through enrolment first (AUTH-14). */
  requireTwoFactor: boolean;
}

type Env = Record<string, string | undefined>;

/** Blank variables (`FOO=` in an env file) count as unset. */
const withoutBlanks = (env: Env): Env =>
  Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));

function parseEnv(env: Env): z.infer<typeof envSchema> {
  const result = envSchema.safeParse(withoutBlanks(env));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'environment');
  throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
}

type Parsed = z.infer<typeof envSchema>;

const productionOnly = (name: string, hint: string) =>
  new ConfigError(`Invalid configuration: ${name} is required when PAYDESK_MODE=production (${hint})`);

/** A secret from the environment; in demo mode a missing one is generated once and kept. */
function secretsFor(parsed: Parsed, dataDir: string) {
  let demo: ReturnType<typeof loadDemoSecrets> | undefined;
  return (name: DemoSecretName): string => {
    const value = parsed[name];
    if (value) return value;
    if (parsed.PAYDESK_MODE === 'production')
      throw productionOnly(
        name,
        ['CARD_ENVELOPE_KEY', 'CARD_STORAGE_KEY', 'WEBHOOK_SECRETS_KEY', 'TWO_FACTOR_KEY'].includes(name)
          ? '64 hex characters'
          : 'at least 32 characters',
      );
    demo ??= loadDemoSecrets(dataDir);
    return demo[name];
  };
}

/**
 * A first key with a documented demo value (like a provider's published test keys). Production has
 * none: the server refuses to start only when the database has no key of that kind either (KEY-02).
 */
function demoOr(parsed: Parsed, name: 'PUBLISHABLE_KEY' | 'SECRET_KEY', demoValue: string): string | undefined {
  const value = parsed[name];
  if (value) return value;
  return parsed.PAYDESK_MODE === 'production' ? undefined : demoValue;
}

/**
 * Production names its processor: nothing takes real-looking payments with the sandbox unless
 * the deployment says so. Demo mode runs the sandbox.
 */
function processorFor(parsed: Parsed): PaymentProcessorName {
  if (parsed.PAYMENT_PROCESSOR) return parsed.PAYMENT_PROCESSOR;
  if (parsed.PAYDESK_MODE === 'production') {
    throw productionOnly('PAYMENT_PROCESSOR', `one of: ${paymentProcessors.join(', ')}; PAYMENT_PROCESSOR=sandbox simulates every outcome`);
  }
  return 'sandbox';
}

/** PUBLIC_URL as an origin; demo mode defaults to this machine's listening port, production has none. */
function publicUrlOf(parsed: Parsed): string {
  if (parsed.PUBLIC_URL) return new URL(parsed.PUBLIC_URL).origin;
  if (parsed.PAYDESK_MODE === 'production')
    throw productionOnly('PUBLIC_URL', 'the https:// origin payers reach, such as https://pay.example.com');
  return `http://localhost:${parsed.PORT}`;
}

/** Parses the environment once. Refuses (ConfigError) with a message naming the bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = parseEnv(env);
  const repoRoot = findRepoRoot();
  const dataDir = parsed.DATA_DIR ?? join(repoRoot, '.paydesk', 'data');
  const secret = secretsFor(parsed, dataDir);
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDir,
    dbLimits: {
      poolMax: parsed.DATABASE_POOL_MAX,
      acquireTimeoutMs: parsed.DATABASE_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: parsed.DATABASE_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: parsed.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionTimeoutMs: parsed.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    dbWedgedSeconds: parsed.DATABASE_WEDGED_SECONDS,
    mode: parsed.PAYDESK_MODE,
    authSecret: secret('AUTH_SECRET'),
    sessionIdleMinutes: parsed.SESSION_IDLE_MINUTES,
    sessionMaxHours: parsed.SESSION_MAX_HOURS,
    logLevel: parsed.LOG_LEVEL,
    logFormat: parsed.LOG_FORMAT,
    demoPassword: parsed.DEMO_PASSWORD ?? DEMO_PASSWORD,
    cardEnvelopeKey: secret('CARD_ENVELOPE_KEY').toLowerCase(),
    fingerprintKey: secret('FINGERPRINT_KEY'),
    cardStorageKey: secret('CARD_STORAGE_KEY').toLowerCase(),
    webhookSecretsKey: secret('WEBHOOK_SECRETS_KEY').toLowerCase(),
    twoFactorKey: secret('TWO_FACTOR_KEY').toLowerCase(),
    cardUploadMaxBytes: parsed.CARD_UPLOAD_MAX_MB * 1024 * 1024,
    cardPoolMaxFailures: parsed.CARD_POOL_MAX_FAILURES,
    publishableKey: demoOr(parsed, 'PUBLISHABLE_KEY', DEMO_PUBLISHABLE_KEY),
    secretKey: demoOr(parsed, 'SECRET_KEY', DEMO_SECRET_KEY),
    supportEmail: parsed.SUPPORT_EMAIL,
    pendingResolveSeconds: parsed.PENDING_RESOLVE_SECONDS,
    withdrawalSettleSeconds: parsed.WITHDRAWAL_SETTLE_SECONDS,
    refundSettleSeconds: parsed.REFUND_SETTLE_SECONDS,
    disputeOpenSeconds: parsed.DISPUTE_OPEN_SECONDS,
    disputeResponseSeconds: parsed.DISPUTE_RESPONSE_SECONDS,
    disputeDecisionSeconds: parsed.DISPUTE_DECISION_SECONDS,
    // The schema's pattern admits only plain amounts of whole cents.
    disputeFeeCents: decimalToCents(parsed.DISPUTE_FEE)!,
    // A relative folder is taken from where the server was started, as a shell user means it.
    frontendsDir: parsed.FRONTENDS_DIR ? resolve(parsed.FRONTENDS_DIR) : repoRoot,
    remotesManifest: parsed.REMOTES_MANIFEST,
    auditCheckpointFile: parsed.AUDIT_CHECKPOINT_FILE ? resolve(parsed.AUDIT_CHECKPOINT_FILE) : undefined,
    loginMaxAttempts: parsed.LOGIN_MAX_ATTEMPTS,
    loginLockMinutes: parsed.LOGIN_LOCK_MINUTES,
    loginRateLimitPerMinute: parsed.LOGIN_RATE_LIMIT_PER_MINUTE,
    paymentRateLimitPerMinute: parsed.PAYMENT_RATE_LIMIT_PER_MINUTE,
    redisUrl: parsed.REDIS_URL,
    redisKeyPrefix: parsed.REDIS_KEY_PREFIX,
    trustProxy: parsed.TRUST_PROXY,
    // Last: a missing key or secret is reported first, as before this variable existed.
    paymentProcessor: processorFor(parsed),
    publicUrl: publicUrlOf(parsed),
    redirectToPublicUrl: (parsed.REDIRECT_TO_PUBLIC_URL ?? String(parsed.PAYDESK_MODE === 'demo')) === 'true',
    requestTimeoutMs: parsed.REQUEST_TIMEOUT_SECONDS * 1000,
    // Node refuses a headers timeout longer than the whole request's.
    headersTimeoutMs: Math.min(parsed.HEADERS_TIMEOUT_SECONDS, parsed.REQUEST_TIMEOUT_SECONDS) * 1000,
    connectionTimeoutMs: parsed.CONNECTION_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: parsed.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    webhookTimeoutMs: parsed.WEBHOOK_TIMEOUT_SECONDS * 1000,
    webhookAllowedHosts: (parsed.WEBHOOK_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    remoteOrigins: (parsed.REMOTE_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean)
      .map((origin) => new URL(origin).origin),
    canaryMinLoads: parsed.CANARY_MIN_LOADS,
    canaryMaxFailureRate: parsed.CANARY_MAX_FAILURE_RATE,
    remoteReportsPerMinute: parsed.REMOTE_REPORTS_PER_MINUTE,
    webhookRetryScheduleMs: parseSchedule(parsed.WEBHOOK_RETRY_SCHEDULE ?? DEFAULT_RETRY_SCHEDULE)!,
    webhookPollMs: parsed.WEBHOOK_POLL_MS,
    webhookYieldRequests: parsed.WEBHOOK_YIELD_REQUESTS,
    requireTwoFactor: parsed.REQUIRE_TWO_FACTOR === 'true',
  };
}
