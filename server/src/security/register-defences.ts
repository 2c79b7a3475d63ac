import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { rateLimited } from '../errors/domain-error';
import { startPeriodicJob } from '../jobs/periodic-job';
import type { AttemptCounter } from './attempt-counter';
import { postgresAttemptCounter, sweepAttemptCounters } from './postgres-attempt-counter';
import { counterStore } from './rate-limit-store';
import { connectRedis, redisAttemptCounter } from './redis-attempt-counter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared counters of the sign-in lock and the rate limits. */
    attempts: AttemptCounter;
  }
}

/** One warning per `what` every 10 s: an outage must show in the logs without flooding them. */
function throttledWarning(log: FastifyBaseLogger): (error: unknown, what: string) => void {
  const last = new Map<string, number>();
  return (error, what) => {
    const now = Date.now();
    if (now - (last.get(what) ?? 0) < 10_000) return;
    last.set(what, now);
    log.error({ err: error }, what);
  };
}

export const tooManyRequests = (ttlMs: number): string => {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
};

/**
 * The counters (Redis when REDIS_URL is set, PostgreSQL otherwise) and @fastify/rate-limit on
 * them, for routes to opt in with `perAddressLimit`. Register before the routes.
 */
export async function registerDefences(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  const warn = throttledWarning(app.log);
  const counter = config.redisUrl
    ? redisAttemptCounter(await connectRedis(config.redisUrl, (error) => warn(error, 'redis unavailable')), config.redisKeyPrefix)
    : postgresAttemptCounter(db);
  app.decorate('attempts', counter);
  if (!config.redisUrl) {
    const stopSweep = startPeriodicJob('forgetting expired attempt counters', () => sweepAttemptCounters(db), app.log, 10_000);
    app.addHook('onClose', stopSweep);
  }
  app.addHook('onClose', () => counter.close());
  await app.register(rateLimit, {
    global: false,
    store: counterStore(counter, (error) => warn(error, 'rate limit not applied: its counter is unavailable')),
    errorResponseBuilder: (_request, context) => rateLimited(tooManyRequests(context.ttl)),
  });
}

/**
 * An onRequest hook: at most `perMinute` calls a minute from one address (IPv6 by /64) to the
 * routes that share `name`; then 429 with Retry-After.
 */
export const perAddressLimit = (app: FastifyInstance, name: string, perMinute: number): onRequestAsyncHookHandler =>
  app.rateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request) => `${name}:${normalizeIP(request.ip)}` });
