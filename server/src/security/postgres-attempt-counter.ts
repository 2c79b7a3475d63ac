import { batched } from '../db/batched';
import { prepared, type Db } from '../db/db';
import { noAttempts, type AttemptCounter, type Attempts } from './attempt-counter';

/** Milliseconds left on a row, never negative. */
const ttlMs = 'greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::integer';

/**
 * Counts a batch of attempts in one upsert: `$1` the key of each attempt, `$2` its window, `$3`
 * the keys whose attempts slide their window. Answers each key's count after the batch.
 */
const hitsSql = prepared(`insert into attempt_counters as c (key, hits, expires_at)
   select key, count(*)::integer, now() + make_interval(secs => max(window_ms) / 1000)
   from unnest($1::text[], $2::float8[]) as h(key, window_ms) group by key order by key
   on conflict (key) do update set
     hits = case when c.expires_at <= now() then excluded.hits else c.hits + excluded.hits end,
     expires_at = case when c.expires_at <= now() or c.key = any($3::text[]) then excluded.expires_at else c.expires_at end
   returning key, hits, ${ttlMs} as ttl_ms`);
const readSql = prepared(`select hits, ${ttlMs} as ttl_ms from attempt_counters where key = $1 and expires_at > now()`);

interface Hit {
  key: string;
  windowMs: number;
  slide: boolean;
}

/**
 * Counts the attempts of a batch (batched) in one upsert. Each attempt still gets its own exact
 * count: the n attempts of one key get the key's count after the batch minus n-1, ..., minus 0,
 * in the order they came. Under load the two attempts of a payment cost less than a statement.
 */
const countHits =
  (db: Db) =>
  async (hits: Hit[]): Promise<Attempts[]> => {
    const slides = [...new Set(hits.filter((hit) => hit.slide).map((hit) => hit.key))];
    const rows = await db.query<{ key: string; hits: number; ttl_ms: number }>(hitsSql, [
      hits.map((hit) => hit.key),
      hits.map((hit) => hit.windowMs),
      slides,
    ]);
    const after = new Map(rows.map((row) => [row.key, row]));
    const later = new Map<string, number>();
    for (const hit of hits) later.set(hit.key, (later.get(hit.key) ?? 0) + 1);
    return hits.map((hit) => {
      const row = after.get(hit.key)!;
      const remaining = later.get(hit.key)! - 1;
      later.set(hit.key, remaining);
      return { count: row.hits - remaining, ttlMs: row.ttl_ms };
    });
  };

/**
 * The counters in the attempt_counters table (migration 008), counted in batches (countHits).
 * A row past its expires_at counts as absent and starts again; sweepAttemptCounters deletes them.
 */
export function postgresAttemptCounter(db: Db): AttemptCounter {
  const hit = batched(countHits(db));
  return {
    hit: (key, windowMs, slide = false) => hit({ key, windowMs, slide }),
    async read(key): Promise<Attempts> {
      const rows = await db.query<{ hits: number; ttl_ms: number }>(readSql, [key]);
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
