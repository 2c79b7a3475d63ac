import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/db';
import { unprocessable } from '../errors/domain-error';

/** A success answer as the route sends it, stored to be sent again for a retry. */
export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

export interface IdempotentRequest {
  /** Whose keys these are (apiKeyScope for the merchant API, `user:<id>` for a staff member): keys of two callers never meet. */
  scope: string;
  /** The Idempotency-Key header, or undefined: then the work simply runs. */
  key: string | undefined;
  /** What makes a retry "the same request": the method, the path and the parsed body. */
  request: unknown;
}

export interface IdempotentOutcome {
  answer: StoredAnswer;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * The scope of a merchant API call: the secret key it carried (IDEM-06). Two integrations with two
 * keys may pick the same Idempotency-Key without one getting the other's stored answer.
 */
export function apiKeyScope(apiKey: { id: string } | null): string {
  // requireKey runs first on every merchant route; without a key there is no caller to scope by.
  if (!apiKey) throw new Error('an idempotent merchant API call without its API key');
  return `api:${apiKey.id}`;
}

/** How long an answer is kept; after that the key may be used again for anything. */
export const KEEP_HOURS = 24;

export const requestHash = (request: unknown): string => createHash('sha256').update(JSON.stringify(request)).digest('hex');

const reusedMessage = 'This Idempotency-Key was already used with a different request; use a new key for a new request';

/**
 * Runs `work` once per key (docs/decisions/idempotency-keys.md). The key row is inserted first, in
 * the transaction that does the work: a second request with the same key waits on the primary key
 * until the first commits, then answers with the stored answer (or 422 when its request differs).
 * A failed request (an error thrown by `work`) rolls back with its key, so errors are not stored
 * and the key can be used again.
 */
export async function idempotent(db: Db, req: IdempotentRequest, work: (tx: Db) => Promise<StoredAnswer>): Promise<IdempotentOutcome> {
  if (req.key === undefined) return { answer: await db.transaction(work), replayed: false };
  const key = req.key;
  const hash = requestHash(req.request);
  return db.transaction(async (tx) => {
    // An expired row is taken over; a live one is left alone and read below.
    const claimed = await tx.query(
      `insert into idempotency_keys (scope, key, request_hash) values ($1, $2, $3)
       on conflict (scope, key) do update set request_hash = excluded.request_hash, status_code = null, body = null, created_at = now()
         where idempotency_keys.created_at < now() - make_interval(hours => $4)
       returning 1`,
      [req.scope, key, hash, KEEP_HOURS],
    );
    if (claimed.length === 0) {
      const [stored] = await tx.query<{ request_hash: string; status_code: number; body: unknown }>(
        'select request_hash, status_code, body from idempotency_keys where scope = $1 and key = $2',
        [req.scope, key],
      );
      if (!stored) throw new Error('idempotency key row vanished');
      if (stored.request_hash !== hash) throw unprocessable(reusedMessage, 'idempotency_key_reused');
      return { answer: { statusCode: stored.status_code, body: stored.body }, replayed: true };
    }
    const answer = await work(tx);
    await tx.query('update idempotency_keys set status_code = $3, body = $4 where scope = $1 and key = $2', [
      req.scope,
      key,
      answer.statusCode,
      JSON.stringify(answer.body),
    ]);
    return { answer, replayed: false };
  });
}

/** The header that marks an answer given again (`Idempotent-Replayed: true`). */
export const REPLAYED_HEADER = 'idempotent-replayed';

export interface SendOptions {
  /**
   * The status of an answer given again, when the route's contract gives a retry another one than
   * the first request (a withdrawal: 201, then 200); otherwise the stored status.
   */
  replayedStatus?: number;
}

/**
 * Ends an idempotent request, the one way every idempotent route does: the answer's status, the
 * header `Idempotent-Replayed: true` when the answer is a stored one, and the body read by the
 * route's response schema (a stored body comes back as JSON from the database).
 */
export function sendIdempotent(
  reply: FastifyReply,
  { answer, replayed }: IdempotentOutcome,
  schema: z.ZodType,
  options: SendOptions = {},
): FastifyReply {
  if (replayed) reply.header(REPLAYED_HEADER, 'true');
  return reply.code((replayed && options.replayedStatus) || answer.statusCode).send(schema.parse(answer.body));
}

/** Forgets answers older than KEEP_HOURS; a periodic job. Answers how many went. */
export async function deleteExpiredKeys(db: Db): Promise<number> {
  const rows = await db.query(`delete from idempotency_keys where created_at < now() - make_interval(hours => $1) returning 1`, [
    KEEP_HOURS,
  ]);
  return rows.length;
}
