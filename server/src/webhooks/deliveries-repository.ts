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
  object: Record<string, unknown>;
  created: number;
  endpoint_id: string;
  url: string;
  secret_sealed: string;
  /** Sealed previous secret while its grace lasts, else null. */
  previous_secret_sealed: string | null;
}

/**
 * Claims due deliveries by leasing them for `leaseMs` (no transaction stays open during the HTTP
 * calls): rows another process holds are skipped, and a lease that ran out (a process that died
 * mid-attempt) makes its delivery due again.
 */
export function claimDueDeliveries(db: Db, batch: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(
    prepared(`with due as (
       select id from webhook_deliveries
        where status = 'pending' and next_attempt_at <= now() and (lease_until is null or lease_until < now())
        order by next_attempt_at limit $1 for update skip locked
     ), leased as (
       update webhook_deliveries d set lease_until = now() + make_interval(secs => $2::double precision / 1000)
         from due where d.id = due.id
       returning d.id, d.attempts, d.event_id, d.endpoint_id
     )
     select leased.id::int as id, leased.attempts, ev.id as event_id, ev.type as event_type, ev.object,
            extract(epoch from ev.created_at)::bigint::int as created, ep.id as endpoint_id, ep.url, ep.secret_sealed,
            case when ep.previous_secret_expires_at > now() then ep.previous_secret_sealed end as previous_secret_sealed
       from leased join webhook_events ev on ev.id = leased.event_id join webhook_endpoints ep on ep.id = leased.endpoint_id`),
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
  /** Failed attempts in a row after which an endpoint shows as failing. */
  failingAfter: number;
}

/**
 * Records an attempt, its delivery's new state and its endpoint's failure count in one statement.
 * An endpoint is `failing` from its failingAfter-th failure in a row; a success clears it. A
 * success of a healthy endpoint leaves its row alone: every delivery to one endpoint would
 * otherwise queue on that one row's lock.
 */
export async function recordAttempt(db: Db, a: AttemptRecord): Promise<boolean> {
  const rows = await db.query(
    prepared(`with d as (
       update webhook_deliveries set attempts = attempts + 1, lease_until = null,
              status = case when $3 then 'succeeded' when $4::double precision is null then 'failed' else 'pending' end,
              next_attempt_at = case when $3 or $4::double precision is null then null else now() + make_interval(secs => $4::double precision / 1000) end
        where id = $1 and attempts = $2 and status = 'pending'
       returning id, endpoint_id, attempts
     ), attempt as (
       insert into webhook_attempts (delivery_id, endpoint_id, attempt, started_at, duration_ms, succeeded, response_status, response_body)
       select id, endpoint_id, attempts, $5, $6, $3, $7, $8 from d
     ), endpoint as (
       update webhook_endpoints e set
              consecutive_failures = case when $3 then 0 else e.consecutive_failures + 1 end,
              failing_since = case when $3 then null when e.consecutive_failures + 1 >= $9 then coalesce(e.failing_since, now()) else e.failing_since end
         from d where e.id = d.endpoint_id and (not $3 or e.consecutive_failures > 0 or e.failing_since is not null)
     )
     select id from d`),
    [a.deliveryId, a.attemptsBefore, a.ok, a.retryInMs, a.startedAt, a.durationMs, a.status, a.body, a.failingAfter],
  );
  return rows.length === 1;
}
