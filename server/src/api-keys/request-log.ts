import type { FastifyBaseLogger } from 'fastify';
import { maskCardNumbers } from '@paydesk/shared/cards/card-number-text';
import type { RequestLogQuery } from '@paydesk/shared/schemas/api-keys';
import type { Db } from '../db/db';

export interface LoggedRequest {
  keyId: string;
  method: string;
  /** The path without its query string. */
  path: string;
  status: number;
  latencyMs: number;
  idempotencyKey: string | null;
  at: Date;
}

/** At most this many requests wait for their insert; past it the oldest are dropped (and counted in the log). */
const MAX_WAITING = 10_000;
/** Kept per key, and for how long (KEY-11). */
export const KEEP_PER_KEY = 10_000;
export const KEEP_DAYS = 7;

export interface RequestLog {
  /** Takes a request of the merchant API; it is written with others in the next flush. */
  record(entry: LoggedRequest): void;
  /** Writes what waits now. */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** Nothing that could carry a card number leaves the request: runs of digits are masked. */
const clean = (text: string, max: number): string => maskCardNumbers(text).slice(0, max);

async function insertRequests(db: Db, entries: LoggedRequest[]): Promise<void> {
  await db.query(
    `insert into api_request_log (key_id, method, path, status, latency_ms, idempotency_key, created_at)
     select l.key_id, l.method, l.path, l.status, l.latency_ms, l.idempotency_key, l.created_at
     from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::timestamptz[])
       as l(key_id, method, path, status, latency_ms, idempotency_key, created_at)
     where exists (select 1 from api_keys k where k.id = l.key_id)`,
    [
      entries.map((e) => e.keyId),
      entries.map((e) => e.method),
      entries.map((e) => clean(e.path, 300) || '/'),
      entries.map((e) => e.status),
      entries.map((e) => Math.max(0, Math.round(e.latencyMs))),
      entries.map((e) => (e.idempotencyKey ? clean(e.idempotencyKey, 255) : null)),
      entries.map((e) => e.at.toISOString()),
    ],
  );
}

/**
 * The merchant API's request log (KEY-10): requests wait in memory and go in one insert every
 * `flushMs`, never on the request's own path; a failed insert loses its batch, not a payment.
 */
export function startRequestLog(db: Db, logger: FastifyBaseLogger, { flushMs = 1_000 } = {}): RequestLog {
  let waiting: LoggedRequest[] = [];
  let dropped = 0;
  const flushNow = async (): Promise<void> => {
    if (dropped > 0) {
      logger.warn({ dropped }, 'API request log entries dropped: the database did not keep up');
      dropped = 0;
    }
    while (waiting.length > 0) {
      const batch = waiting.splice(0, 1_000);
      try {
        await insertRequests(db, batch);
      } catch (error) {
        logger.warn({ err: error, count: batch.length }, 'writing the API request log failed');
      }
    }
  };
  let flushing: Promise<void> = Promise.resolve();
  const flush = () => (flushing = flushing.then(flushNow));
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return {
    record(entry) {
      waiting.push(entry);
      if (waiting.length > MAX_WAITING) {
        dropped += waiting.length - MAX_WAITING;
        waiting = waiting.slice(-MAX_WAITING);
      }
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

/** Forgets requests older than KEEP_DAYS and past the newest KEEP_PER_KEY of each key; a periodic job. */
export async function pruneRequestLog(db: Db): Promise<number> {
  const old = await db.query(`delete from api_request_log where created_at < now() - make_interval(days => $1) returning 1`, [KEEP_DAYS]);
  let count = old.length;
  const keys = await db.query<{ key_id: string }>('select distinct key_id from api_request_log');
  for (const { key_id } of keys) {
    const [edge] = await db.query<{ edge: string }>(
      'select l.id::text as edge from api_request_log l where l.key_id = $1 order by l.id desc offset $2 limit 1',
      [key_id, KEEP_PER_KEY],
    );
    if (!edge) continue;
    const gone = await db.query('delete from api_request_log where key_id = $1 and id <= $2 returning 1', [key_id, edge.edge]);
    count += gone.length;
  }
  return count;
}

export interface RequestRow {
  id: string;
  key_id: string;
  key_prefix: string;
  method: string;
  path: string;
  status: number;
  latency_ms: number;
  idempotency_key: string | null;
  created_at: Date | string;
}

const statusRanges = { '2xx': [200, 299], '3xx': [300, 399], '4xx': [400, 499], '5xx': [500, 599] } as const;
const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, filtered by key, status class and a part of the path. */
export async function listRequests(db: Db, query: RequestLogQuery): Promise<{ rows: RequestRow[]; total: number }> {
  const [low, high] = query.status_class ? statusRanges[query.status_class] : [100, 599];
  const params = [query.key_id ?? null, low, high, query.path ? `%${likeEscaped(query.path)}%` : null];
  const where = `where ($1::text is null or l.key_id = $1) and l.status between $2 and $3 and ($4::text is null or l.path like $4)`;
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
    `select count(*)::int as total from api_request_log l ${where}`,
    params,
  );
  const rows = await db.query<RequestRow>(
    `select l.id::text as id, l.key_id, k.prefix as key_prefix, l.method, l.path, l.status, l.latency_ms, l.idempotency_key, l.created_at
     from api_request_log l join api_keys k on k.id = l.key_id ${where} order by l.created_at desc, l.id desc limit $5 offset $6`,
    [...params, query.limit, (query.page - 1) * query.limit],
  );
  return { rows, total };
}
