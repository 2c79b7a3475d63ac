import type { Db } from '../db/db';
import { noAttempts, type AttemptCounter, type Attempts } from './attempt-counter';

/** Milliseconds left on a row, never negative. */
const ttlMs = 'greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::integer';

/**
 * The counters in the attempt_counters table (migration 008): one upsert per attempt. A row
 * past its expires_at counts as absent and starts again at 1; sweepAttemptCounters deletes them.
 */
export function postgresAttemptCounter(db: Db): AttemptCounter {
  return {
    async hit(key, windowMs, slide = false) {
      const rows = await db.query<{ hits: number; ttl_ms: number }>(
        `insert into attempt_counters as c (key, hits, expires_at)
         values ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
         on conflict (key) do update set
           hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
           expires_at = case when c.expires_at <= now() or $3::boolean then excluded.expires_at else c.expires_at end
         returning hits, ${ttlMs} as ttl_ms`,
        [key, windowMs, slide],
      );
      const row = rows[0];
      if (!row) throw new Error('upsert into attempt_counters returned no row');
      return { count: row.hits, ttlMs: row.ttl_ms };
    },
    async read(key): Promise<Attempts> {
      const rows = await db.query<{ hits: number; ttl_ms: number }>(
        `select hits, ${ttlMs} as ttl_ms from attempt_counters where key = $1 and expires_at > now()`,
        [key],
      );
      const row = rows[0];
      return row ? { count: row.hits, ttlMs: row.ttl_ms } : noAttempts;
    },
    async clear(key) {
      await db.query('delete from attempt_counters where key = $1', [key]);
    },
    close: async () => {},
  };
}

/**
 * Deletes every expired counter, `batch` at a time so that no statement holds the database for
 * long, until a batch comes back short; returns how many. Run periodically by every process.
 * A busy payment page makes a counter per payer address a minute, so the sweep has to go on
 * until it has caught up rather than stop at a fixed number per run.
 */
export async function sweepAttemptCounters(db: Db, batch = 1_000): Promise<number> {
  let swept = 0;
  for (;;) {
    const rows = await db.query<{ swept: number }>(
      `with gone as (
         delete from attempt_counters where key in (
           select key from attempt_counters where expires_at < now() limit $1 for update skip locked)
         returning 1)
       select count(*)::integer as swept from gone`,
      [batch],
    );
    const count = rows[0]?.swept ?? 0;
    swept += count;
    if (count < batch) return swept;
  }
}
