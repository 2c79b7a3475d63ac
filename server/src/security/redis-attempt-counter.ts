import type { Redis } from 'ioredis';
import { noAttempts, type AttemptCounter } from './attempt-counter';

// Each script runs atomically in Redis, so two processes never interleave inside one.
const HIT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or ARGV[2] == '1' then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

const READ = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return {0, 0} end
return {count, ttl}`;

const pair = (reply: unknown) => {
  const [count, ttlMs] = reply as [number, number];
  return { count, ttlMs: Math.max(0, ttlMs) };
};

/**
 * A client that answers or fails at once: commands are not queued while the connection is
 * down (they fail, and the caller decides), and none waits more than a second. Waits up to 2 s
 * for the first connection, so a normal start has Redis ready before the first request.
 */
export async function connectRedis(url: string, onError: (error: Error) => void): Promise<Redis> {
  // Loaded only when REDIS_URL is set: most servers and test files never need the client.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 2000, enableOfflineQueue: false });
  redis.on('error', onError);
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 2000);
    redis.once('ready', done);
    redis.once('error', done);
  });
  return redis;
}

/** The counters as Redis keys `prefix + key` with a TTL: INCR and PEXPIRE in one script. */
export function redisAttemptCounter(redis: Redis, prefix: string): AttemptCounter {
  return {
    hit: async (key, windowMs, slide = false) => pair(await redis.eval(HIT, 1, prefix + key, windowMs, slide ? '1' : '0')),
    read: async (key) => {
      const attempts = pair(await redis.eval(READ, 1, prefix + key));
      return attempts.count > 0 ? attempts : noAttempts;
    },
    clear: async (key) => {
      await redis.del(prefix + key);
    },
    close: async () => {
      if (redis.status === 'ready') {
        await redis.quit().catch(() => redis.disconnect());
        return;
      }
      // Not connected: stop reconnecting, and let a connection attempt under way end first.
      const ended = new Promise((resolve) => {
        redis.once('end', resolve);
        setTimeout(resolve, 1000).unref();
      });
      redis.disconnect();
      await ended;
    },
  };
}
