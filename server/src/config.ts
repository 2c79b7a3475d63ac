import { join } from 'node:path';
import { z } from 'zod';
import { createUserRequest } from '@paydesk/shared/schemas/user';
import { findRepoRoot } from './repo-root';
import { loadDemoSecrets } from './demo-secrets';
import { DEMO_PASSWORD } from './demo/demo-password';

/** Thrown when the environment is unusable; main prints its message and exits. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL').optional(),
  DATA_DIR: z.string().min(1).optional(),
  PAYDESK_MODE: z.enum(['demo', 'production']).default('demo'),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  DEMO_PASSWORD: createUserRequest.shape.password.optional(),
  FRONTENDS_DIR: z.string().min(1).optional(),
  REMOTES_MANIFEST: z.string().min(1).optional(),
});

export type Mode = 'demo' | 'production';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; absent means embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  mode: Mode;
  authSecret: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  logLevel: (typeof logLevels)[number];
  /** Password of the seeded demo accounts (demo mode only). */
  demoPassword: string;
  /** Folder holding the built front ends, shell/dist and each remote dist (default: the repository root). */
  frontendsDir: string;
  /** Deploy-time remotes manifest file; absent means the remotes built in this checkout. */
  remotesManifest: string | undefined;
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

/** Parses the environment once. Refuses (ConfigError) with a message naming the bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const parsed = parseEnv(env);
  const repoRoot = findRepoRoot();
  const dataDir = parsed.DATA_DIR ?? join(repoRoot, '.paydesk', 'data');
  let authSecret = parsed.AUTH_SECRET;
  if (!authSecret) {
    if (parsed.PAYDESK_MODE === 'production') {
      throw new ConfigError('Invalid configuration: AUTH_SECRET is required when PAYDESK_MODE=production (at least 32 characters)');
    }
    authSecret = loadDemoSecrets(dataDir).AUTH_SECRET;
  }
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    databaseUrl: parsed.DATABASE_URL,
    dataDir,
    mode: parsed.PAYDESK_MODE,
    authSecret,
    sessionIdleMinutes: parsed.SESSION_IDLE_MINUTES,
    sessionMaxHours: parsed.SESSION_MAX_HOURS,
    logLevel: parsed.LOG_LEVEL,
    demoPassword: parsed.DEMO_PASSWORD ?? DEMO_PASSWORD,
    frontendsDir: parsed.FRONTENDS_DIR ?? repoRoot,
    remotesManifest: parsed.REMOTES_MANIFEST,
  };
}
