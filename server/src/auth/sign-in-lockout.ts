import type { Config } from '../config';
import { DomainError } from '../errors/domain-error';
import type { AttemptCounter } from '../security/attempt-counter';

type LockoutConfig = Pick<Config, 'loginMaxAttempts' | 'loginLockMinutes'>;

/** Counted per e-mail address as typed (trimmed, lower case), whether or not such a user exists. */
export const signInLockKey = (email: string): string => `sign-in-failures:${email.trim().toLowerCase()}`;

export function lockedMessage(ttlMs: number): string {
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  return `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** 429 with the time left on the lock; the route adds Retry-After. */
export class AccountLockedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(ttlMs: number) {
    super('rateLimited', lockedMessage(ttlMs), 'rate_limited');
    this.retryAfterSeconds = Math.max(1, Math.ceil(ttlMs / 1000));
  }
}

/** The lock's counters did not answer: sign-in fails closed (503) rather than go unguarded. */
export class LockoutUnavailableError extends Error {
  override name = 'LockoutUnavailableError';
}

/** One sign-in attempt, counted as a failure until `succeeded` clears it. */
export interface Attempt {
  /** The error to answer a wrong password with: the lock's own once this attempt reached the limit. */
  failure(generic: DomainError): DomainError;
  succeeded(): Promise<void>;
}

const unavailable = (error: unknown) => new LockoutUnavailableError('sign-in lock counters unavailable', { cause: error });

/**
 * After `loginMaxAttempts` failed sign-ins in a row (each within `loginLockMinutes` of the one
 * before), the address is refused for `loginLockMinutes`, even with the right password.
 * Attempts during the lock do not extend it.
 */
export function signInLockout(counter: AttemptCounter, config: LockoutConfig) {
  const windowMs = config.loginLockMinutes * 60_000;
  return {
    /**
     * Refuses a locked address (AccountLockedError); otherwise counts this attempt before the
     * password is checked, so parallel guesses cannot get past the limit.
     */
    async begin(email: string): Promise<Attempt> {
      const key = signInLockKey(email);
      const now = await counter.read(key).catch((error: unknown) => Promise.reject(unavailable(error)));
      if (now.count >= config.loginMaxAttempts) throw new AccountLockedError(now.ttlMs);
      const counted = await counter.hit(key, windowMs, true).catch((error: unknown) => Promise.reject(unavailable(error)));
      if (counted.count > config.loginMaxAttempts) throw new AccountLockedError(counted.ttlMs);
      return {
        failure: (generic) => (counted.count >= config.loginMaxAttempts ? new AccountLockedError(counted.ttlMs) : generic),
        succeeded: () => counter.clear(key).catch((error: unknown) => Promise.reject(unavailable(error))),
      };
    },
  };
}
