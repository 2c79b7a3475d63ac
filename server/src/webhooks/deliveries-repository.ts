import { prepared, type Db } from '../db/db';

/**
 * Fans out the oldest events not yet fanned out: a delivery for each endpoint subscribed to the
 * event's type at this moment, and the event marked, in one statement. Events are claimed with
 * FOR UPDATE SKIP LOCKED, so processes fanning out at once take different events. Answers how
 * many events it took.
 */
export async function fanOutEvents(db: Db, batch: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    prepared(`with claimed as (
       select id, type from webhook_events where fanned_out_at is null order by created_at limit $1 for update skip locked
     ), deliveries as (
       insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
       select claimed.id, e.id, now() from claimed
         join webhook_endpoints e on e.deleted_at is null and e.enabled and claimed.type = any(e.event_types)
       on conflict (event_id, endpoint_id) where not resend do nothing
       returning 1
     ), marked as (
       update webhook_events set fanned_out_at = now() from claimed where webhook_events.id = claimed.id returning 1
     )
     select count(*)::int as n from marked`),
    [batch],
  );
  return rows[0]?.n ?? 0;
}

export interface ClaimedDelivery {
  id: number;
  /** Attempts made before this one. */
  attempts: number;
  event_id: string;
  event_type: string;
  /** The event's object as JSON text: spliced into the body as it is, never parsed. */
  object_json: string;
  created: number;
  endpoint_id: string;
  /** The URL as shown, and the whole URL sealed when that differs (migration 029): see deliveryUrl. */
  url: string;
  url_sealed: string | null;
  secret_sealed: string;
  /** Sealed previous secret while its grace lasts, else null. */
  previous_secret_sealed: string | null;
}

/**
 * Claims due deliveries by leasing them for `leaseMs` (no transaction stays open during the HTTP
 * calls): rows another process holds are skipped, and a lease that ran out (a process that died
 * mid-attempt) makes its delivery due again. Planned at each call, never prepared: a generic plan
 * made while the queue was small sorts the whole backlog at every claim once it has grown
 * (measured: 35 ms a claim with 13,000 due, against 6 ms planned each time).
 */
export function claimDueDeliveries(db: Db, batch: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    `with due as (
       select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
        order by next_attempt_at limit $1 for update skip locked
     ), leased as (
       update webhook_deliveries d set lease_until = now() + make_interval(secs => $2::double precision / 1000)
         from due where d.id = due.id
       returning d.id, d.attempts, d.event_id, d.endpoint_id
     )
     select leased.id::int as id, leased.attempts, ev.id as event_id, ev.type as event_type, ev.object::text as object_json,
            extract(epoch from ev.created_at)::bigint::int as created, ep.id as endpoint_id, ep.url, ep.url_sealed, ep.secret_sealed,
            case when ep.previous_secret_expires_at > now() then ep.previous_secret_sealed end as previous_secret_sealed
       from leased join webhook_events ev on ev.id = leased.event_id join webhook_endpoints ep on ep.id = leased.endpoint_id`,
    [batch, leaseMs],
  );
}

export interface AttemptRecord {
  deliveryId: number;
  /** Attempts before this one, as claimed: the record is written only if nobody recorded since. */
  attemptsBefore: number;
  startedAt: Date;
  durationMs: number;
  ok: boolean;
  status: number | null;
  body: string;
  /** Delay before the next attempt after a failure; null when this was the last one. */
  retryInMs: number | null;
}

/**
 * Records attempts, in the order they finished, with their deliveries' new states and their
 * endpoints' failure counts, in one statement; answers for each whether it was recorded (not when
 * someone recorded since its claim). An endpoint is `failing` from its failingAfter-th failure in
 * a row; a success clears it, and failures after the batch's last success of that endpoint count
 * anew. A batch of successes of a healthy endpoint leaves its row alone: every delivery to one
 * endpoint would otherwise queue on that one row's lock.
 */
export async function recordAttempts(db: Db, attempts: readonly AttemptRecord[], failingAfter: number): Promise<boolean[]> {
  const column = <T>(pick: (a: AttemptRecord) => T): T[] => attempts.map(pick);
  const rows = await db.query<{ id: number }>(
    prepared(`with input as (
       select * from unnest($1::bigint[], $2::int[], $3::boolean[], $4::float8[], $5::timestamptz[], $6::int[], $7::int[], $8::text[])
         with ordinality as i(id, attempts_before, ok, retry_ms, started_at, duration_ms, status, body, ord)
     ), d as (
       update webhook_deliveries w set attempts = w.attempts + 1, lease_until = null,
              status = case when i.ok then 'succeeded' when i.retry_ms is null then 'failed' else 'pending' end,
              next_attempt_at = case when i.ok or i.retry_ms is null then null else now() + make_interval(secs => i.retry_ms / 1000) end
         from input i where w.id = i.id and w.attempts = i.attempts_before and w.status = 'pending'
       returning w.id, w.endpoint_id, w.attempts, i.ok, i.started_at, i.duration_ms, i.status, i.body, i.ord
     ), attempt as (
       insert into webhook_attempts (delivery_id, endpoint_id, attempt, started_at, duration_ms, succeeded, response_status, response_body)
       select id, endpoint_id, attempts, started_at, duration_ms, ok, status, body from d
     ), last_success as (
       select endpoint_id, max(ord) filter (where ok) as ord from d group by endpoint_id
     ), outcome as (
       select d.endpoint_id, l.ord is not null as reset, (count(*) filter (where not d.ok and d.ord > coalesce(l.ord, 0)))::int as failures
         from d join last_success l on l.endpoint_id = d.endpoint_id group by d.endpoint_id, l.ord
     ), endpoint as (
       -- Counted from the endpoint row as it stands when locked: another process may have counted meanwhile.
       update webhook_endpoints e set
              consecutive_failures = case when o.reset then o.failures else e.consecutive_failures + o.failures end,
              failing_since = case
                when (case when o.reset then o.failures else e.consecutive_failures + o.failures end) >= $9
                  then coalesce(case when o.reset then null else e.failing_since end, now())
                else case when o.reset then null else e.failing_since end end
         from outcome o
        where e.id = o.endpoint_id and (o.failures > 0 or e.consecutive_failures > 0 or e.failing_since is not null)
     )
     select id::int as id from d`),
    [
      column((a) => a.deliveryId),
      column((a) => a.attemptsBefore),
      column((a) => a.ok),
      column((a) => a.retryInMs),
      column((a) => a.startedAt),
      column((a) => a.durationMs),
      column((a) => a.status),
      column((a) => a.body),
      failingAfter,
    ],
  );
  const recorded = new Set(rows.map((row) => row.id));
  return attempts.map((a) => recorded.has(a.deliveryId));
}
