import type { Db } from './db';

/** PostgreSQL's deadlock_detected and serialization_failure: the transaction was rolled back and may simply run again. */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40P01', '40001']);

export const isRetryableConflict = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && RETRYABLE_SQLSTATES.has(String((error as { code?: unknown }).code));

export interface RetryOptions {
  /** Runs after the first; the last failure is thrown when they are spent. */
  retries?: number;
  /** The first wait; each next one doubles, and each is drawn between half and one and a half of it (jitter). */
  baseDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told of each retry, before its wait (for a log line or a counter). */
  onRetry?: (error: unknown, retry: number) => void;
}

export const defaultRetries = 3;
const defaultBaseDelayMs = 15;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in one transaction and runs the whole of it again, in a new transaction, when
 * PostgreSQL rolls it back for a deadlock or a serialization failure, up to `retries` times with
 * a short jittered wait: the lock order keeps deadlocks rare (docs/decisions/lock-order.md), and
 * what is left must not reach a caller as a 500 (REF-13). `fn` must do all its work through `tx`
 * and nothing outside the database that a second run would repeat: everything of a failed run was
 * rolled back, so the retry is indistinguishable from a first try, an Idempotency-Key row
 * included (idempotency-keys.ts inserts it inside the transaction). Any other error is thrown at
 * once.
 */
export async function transactionWithRetry<T>(db: Db, fn: (tx: Db) => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = defaultRetries, baseDelayMs = defaultBaseDelayMs, sleep = pause, random = Math.random, onRetry } = options;
  for (let retry = 0; ; retry += 1) {
    try {
      return await db.transaction(fn);
    } catch (error) {
      if (retry >= retries || !isRetryableConflict(error)) throw error;
      onRetry?.(error, retry + 1);
      // Jittered (a half to one and a half of the doubled wait): two transactions that just
      // deadlocked each other do not meet again in step.
      await sleep(Math.round(baseDelayMs * 2 ** retry * (0.5 + random())));
    }
  }
}

/**
 * The same handle, whose `transaction` is transactionWithRetry: for code that opens its
 * transaction through a module it does not own (idempotent() of idempotency-keys.ts). Plain
 * queries run once, as they are their own transaction and are not retried.
 */
export const retrying = (db: Db, options: RetryOptions = {}): Db => ({
  query: (sql, params) => db.query(sql, params),
  exec: (sql) => db.exec(sql),
  transaction: (fn) => transactionWithRetry(db, fn, options),
  close: () => db.close(),
});
