import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app';
import type { EphemeralConfig } from '../src/ephemeral-config';
import type { Config } from '../src/config';
import type { Db } from '../src/db/db';
import { captureLogs, openSeededTestDb, testConfig, type LogCapture } from './helper';

/** The Redis the Redis variants run on (CI must have it). */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function redisAnswers(url: string): boolean {
  const { hostname, port } = new URL(url);
  const probe = `require('node:net').connect(${Number(port || 6379)}, ${JSON.stringify(hostname)})
    .on('connect', () => process.exit(0)).on('error', () => process.exit(1))`;
  try {
    execFileSync(process.execPath, ['-e', probe], { timeout: 3000, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * `describe` for a Redis variant. Without Redis it is left out with one line, except in CI,
 * where it fails with a message that says why.
 */
export function describeWithRedis(name: string, suite: () => void): void {
  if (redisAnswers(testRedisUrl)) {
    describe(name, suite);
  } else if (process.env.CI) {
    describe(name, () => {
      it('needs Redis', () => {
        throw new Error(`Redis is not reachable at ${testRedisUrl} (TEST_REDIS_URL); CI runs the Redis variants`);
      });
    });
  } else {
    console.log(`Redis is not reachable at ${testRedisUrl} (TEST_REDIS_URL): "${name}" left out`);
    describe.skip(name, suite);
  }
}

export type CounterKind = 'database' | 'redis';

/** Reaches into the counters' store, as only a test does. */
export interface CounterStoreAccess {
  /** Sets the time left on a counter (0 ends it now). */
  expireIn(key: string, ms: number): Promise<void>;
  clearAll(): Promise<void>;
  dispose(): Promise<void>;
}

export interface TwoApps {
  a: FastifyInstance;
  b: FastifyInstance;
  db: Db;
  config: EphemeralConfig;
  logs: LogCapture;
  store: CounterStoreAccess;
  /** Another app on the same database and counters, with other settings. */
  another(settings: Partial<Config>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

function databaseAccess(db: Db): CounterStoreAccess {
  return {
    expireIn: async (key, ms) => {
      await db.query('update attempt_counters set expires_at = now() + make_interval(secs => $2::float8 / 1000) where key = $1', [key, ms]);
    },
    clearAll: async () => {
      await db.query('delete from attempt_counters');
    },
    dispose: async () => {},
  };
}

function redisAccess(prefix: string): CounterStoreAccess {
  const redis = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
  const clearAll = async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  };
  return {
    expireIn: async (key, ms) => {
      if (ms <= 0) await redis.del(prefix + key);
      else await redis.pexpire(prefix + key, ms);
    },
    clearAll,
    dispose: async () => {
      await clearAll();
      await redis.quit();
    },
  };
}

/**
 * Two app instances on one migrated, seeded database (password TEST_PASSWORD), as two server
 * processes would be, with their counters in that database or in Redis under a key prefix of
 * this run only (removed by close).
 */
export async function buildTwoApps(kind: CounterKind, env: Record<string, string> = {}): Promise<TwoApps> {
  const testDb = await openSeededTestDb({ transactions: 0 });
  const prefix = `paydesk-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const shared: Record<string, string> = kind === 'redis' ? { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix } : {};
  // One set of keys and secrets for every instance, as one deployment has.
  const config = testConfig({ ...shared, ...env });
  const { logger, capture } = captureLogs();
  const apps: FastifyInstance[] = [];
  const build = async (more: Partial<Config> = {}) => {
    const app = await buildApp({ config: { ...config, ...more }, db: testDb.db, logger });
    apps.push(app);
    return app;
  };
  const a = await build();
  const b = await build();
  const store = kind === 'redis' ? redisAccess(prefix) : databaseAccess(testDb.db);
  return {
    a,
    b,
    db: testDb.db,
    config,
    logs: capture,
    store,
    another: build,
    close: async () => {
      for (const app of apps) await app.close();
      await store.dispose();
      await testDb.dispose();
    },
  };
}
