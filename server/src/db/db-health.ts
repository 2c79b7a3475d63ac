import type { Db } from './db';

export interface DbHealthOptions {
  /** How long /readyz waits for the database before it answers 503. */
  readyTimeoutMs?: number;
  /** A probe that has neither answered nor failed for this long means the process is wedged. */
  wedgedAfterMs: number;
  /** How often the watchdog probes. */
  intervalMs?: number;
  onWedged: () => void;
}

export interface DbHealth {
  /** Whether the database answers `select 1` within readyTimeoutMs. */
  ready(): Promise<boolean>;
  /** Whether a probe has hung for longer than wedgedAfterMs. */
  wedged(): boolean;
  stop(): void;
}

/**
 * Readiness and the watchdog. A database that is down fails its probe at once (the connection
 * or the acquire timeout errs): the process is not ready but stays up. A probe that hangs, neither
 * answering nor failing (a connection whose peer went silent, a call queued behind a deadlock),
 * means no call of this process will ever finish: after wedgedAfterMs the watchdog calls
 * `onWedged`, which stops the process so that its supervisor starts a fresh one.
 */
export function watchDbHealth(db: Db, { readyTimeoutMs = 2_000, wedgedAfterMs, intervalMs = 5_000, onWedged }: DbHealthOptions): DbHealth {
  let probe: { since: number; answer: Promise<boolean> } | undefined;
  let reported = false;
  const currentProbe = () => {
    if (!probe) {
      const answer = db.query('select 1').then(
        () => true,
        () => false,
      );
      const started = { since: Date.now(), answer };
      probe = started;
      void answer.finally(() => {
        if (probe === started) probe = undefined;
      });
    }
    return probe;
  };
  const wedged = () => probe !== undefined && Date.now() - probe.since > wedgedAfterMs;
  const timer = setInterval(() => {
    currentProbe();
    if (wedged() && !reported) {
      reported = true;
      onWedged();
    }
  }, intervalMs);
  timer.unref();
  return {
    ready: () => {
      let timeout: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(false), readyTimeoutMs);
      });
      return Promise.race([currentProbe().answer, late]).finally(() => clearTimeout(timeout));
    },
    wedged,
    stop: () => clearInterval(timer),
  };
}
