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
  done: (attempts: Attempts) => void;
  fail: (error: unknown) => void;
}

/**
 * Attempts counted as they come, but at most one upsert in flight per process: the attempts
 * that arrive meanwhile go together in the next one (a payment makes two, so under load this
 * saves PostgreSQL most of a round trip per attempt; alone, an attempt goes at once). Each
 * attempt gets its own exact count: the n attempts of one key in a batch get the key's count
 * after the batch minus n-1, ..., minus 0, in the order they came.
 */
function batchedHits(db: Db) {
  let waiting: Hit[] = [];
  let sending = false;
  const send = async (batch: Hit[]) => {
    const slides = [...new Set(batch.filter((hit) => hit.slide).map((hit) => hit.key))];
    const rows = await db.query<{ key: string; hits: number; ttl_ms: number }>(hitsSql, [batch.map((hit) => hit.key), batch.map((hit) => hit.windowMs), slides]);
    const after = new Map(rows.map((row) => [row.key, row]));
    const left = new Map<string, number>();
    for (const hit of batch) left.set(hit.key, (left.get(hit.key) ?? 0) + 1);
    for (const hit of batch) {
      const row = after.get(hit.key);
      if (!row) throw new Error('upsert into attempt_counters returned no row');
      const later = left.get(hit.key)! - 1;
      left.set(hit.key, later);
      hit.done({ count: row.hits - later, ttlMs: row.ttl_ms });
    }
  };
  const drain = async () => {
    sending = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await send(batch).catch((error: unknown) => batch.forEach((hit) => hit.fail(error)));
    }
    sending = false;
  };
  return (key: string, windowMs: number, slide: boolean) =>
    new Promise<Attempts>((done, fail) => {
      waiting.push({ key, windowMs, slide, done, fail });
      if (!sending) void drain();
    });
}

/**
 * The counters in the attempt_counters table (migration 008), counted in batches (batchedHits).
 * A row past its expires_at counts as absent and starts again; sweepAttemptCounters deletes them.
 */
export function postgresAttemptCounter(db: Db): AttemptCounter {
  const hit = batchedHits(db);
  return {
    hit: (key, windowMs, slide = false) => hit(key, windowMs, slide),
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
