/** A count of attempts under a key, and how long until it is forgotten (0 when there is none). */
export interface Attempts {
  count: number;
  ttlMs: number;
}

/**
 * Counters shared by every server process: failed sign-ins of an e-mail address and calls of an
 * address in a rate-limit window. Redis when REDIS_URL is set, PostgreSQL otherwise; both keep
 * time on the store's clock, so processes with drifting clocks still agree.
 */
export interface AttemptCounter {
  /**
   * Counts one attempt. A new count lives `windowMs` from its first attempt (a fixed window);
   * with `slide`, every attempt starts the `windowMs` again.
   */
  hit(key: string, windowMs: number, slide?: boolean): Promise<Attempts>;
  /** The count now, without counting. */
  read(key: string): Promise<Attempts>;
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

export const noAttempts: Attempts = { count: 0, ttlMs: 0 };
