import type { DeliveryAttempt, EventType } from '@paydesk/shared/schemas/webhooks';
import type { Db } from '../db/db';

export interface EventRow {
  id: string;
  type: EventType;
  created: number;
  object: Record<string, unknown>;
}

const eventColumns = `id, type, extract(epoch from created_at)::bigint::int as created, object`;

export interface EventFilter {
  type?: EventType;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

/** Newest first; `from` and `to` bound created_at (both inclusive). */
export async function listEvents(db: Db, f: EventFilter): Promise<{ rows: EventRow[]; total: number }> {
  const where = `($1::text is null or type = $1) and ($2::timestamptz is null or created_at >= $2) and ($3::timestamptz is null or created_at <= $3)`;
  const params = [f.type ?? null, f.from ?? null, f.to ?? null];
  const [rows, [count]] = await Promise.all([
    db.query<EventRow>(`select ${eventColumns} from webhook_events where ${where} order by created_at desc, id desc limit $4 offset $5`, [
      ...params,
      f.limit,
      (f.page - 1) * f.limit,
    ]),
    db.query<{ total: number }>(`select count(*)::int as total from webhook_events where ${where}`, params),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function findEvent(db: Db, id: string): Promise<EventRow | undefined> {
  const [row] = await db.query<EventRow>(`select ${eventColumns} from webhook_events where id = $1`, [id]);
  return row;
}

/** A new delivery of the event to the endpoint, due now (a resend: beside any earlier one). */
export async function insertResend(db: Db, eventId: string, endpointId: string): Promise<void> {
  await db.query(`insert into webhook_deliveries (event_id, endpoint_id, resend, next_attempt_at) values ($1, $2, true, now())`, [
    eventId,
    endpointId,
  ]);
}

type AttemptRow = Omit<DeliveryAttempt, 'attempted_at' | 'next_retry_at'> & { attempted_at: Date | null; next_retry_at: Date | null };

/**
 * An endpoint's log, newest first: its attempts (the latest of a delivery still pending shows when
 * it is tried again), and an entry for each delivery waiting for its first attempt.
 */
export async function listAttempts(
  db: Db,
  endpointId: string,
  page: number,
  limit: number,
): Promise<{ rows: AttemptRow[]; total: number }> {
  const log = `select 'wa_' || a.id as id, d.event_id, ev.type as event_type, a.attempt, case when a.succeeded then 'succeeded' else 'failed' end as status,
                      a.response_status, a.duration_ms, a.response_body, a.started_at as attempted_at,
                      case when d.status = 'pending' and a.attempt = d.attempts then d.next_attempt_at end as next_retry_at,
                      a.started_at as at, a.id as seq
                 from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id join webhook_events ev on ev.id = d.event_id
                where a.endpoint_id = $1
               union all
               select 'wd_' || d.id, d.event_id, ev.type, 1, 'pending', null, null, null, null, d.next_attempt_at, d.next_attempt_at, d.id
                 from webhook_deliveries d join webhook_events ev on ev.id = d.event_id
                where d.endpoint_id = $1 and d.status = 'pending' and d.attempts = 0`;
  const [rows, [count]] = await Promise.all([
    db.query<AttemptRow>(
      `select id, event_id, event_type, attempt, status, response_status, duration_ms, response_body, attempted_at, next_retry_at
                            from (${log}) entries order by at desc, seq desc limit $2 offset $3`,
      [endpointId, limit, (page - 1) * limit],
    ),
    db.query<{ total: number }>(`select count(*)::int as total from (${log}) entries`, [endpointId]),
  ]);
  return { rows, total: count?.total ?? 0 };
}
