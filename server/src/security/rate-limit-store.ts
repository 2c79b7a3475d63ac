import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { AttemptCounter } from './attempt-counter';

/**
 * @fastify/rate-limit's store on our counters (the same ones the sign-in lock uses), a fixed
 * window per key. It fails open: when the counter cannot answer, `onError` is told and the
 * call goes through, so a Redis outage does not stop payments.
 */
export function counterStore(counter: AttemptCounter, onError: (error: unknown) => void): FastifyRateLimitStoreCtor {
  return class CounterStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counter.hit(`rate:${key}`, timeWindow).then(
        (attempts) => callback(null, { current: attempts.count, ttl: attempts.ttlMs }),
        (error: unknown) => {
          onError(error);
          callback(null, { current: 0, ttl: timeWindow });
        },
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
