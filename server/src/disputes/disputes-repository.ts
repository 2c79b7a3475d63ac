import { disputeTimelineTypes, type DisputeTimelineEntry } from '@paydesk/shared/schemas/dispute';
import type { DisputeObject, DisputeReason, DisputeStatus } from '@paydesk/shared/schemas/merchant-objects';
import type { TransactionStatus } from '@paydesk/shared/schemas/transaction-status';
import { prepared, type Db } from '../db/db';

/** A row of `disputes` (migration 036), with its object as the API and the events show it. */
export interface DisputeRow {
  id: string;
  transaction_id: string;
  amount_cents: number;
  fee_cents: number;
  reason: DisputeReason;
  status: DisputeStatus;
  /** The evidence fields given, by name; a cleared field is absent. */
  evidence: Record<string, string>;
  submission_count: number;
  submitted_at: Date | null;
  due_by: Date;
  /** Whether the due date has passed, by the database's clock. */
  past_due_now: boolean;
  decision: 'won' | 'lost' | null;
  payment_status: 'completed' | 'success';
  object: DisputeObject;
}

const columns = `d.id, d.transaction_id, d.amount_cents::int as amount_cents, d.fee_cents::int as fee_cents, d.reason, d.status,
  d.evidence, d.submission_count, d.submitted_at, d.due_by, d.due_by <= now() as past_due_now, d.decision, d.payment_status,
  dispute_object(d) as object`;

export interface NewDispute {
  id: string;
  transactionId: string;
  amountCents: number;
  feeCents: number;
  reason: DisputeReason;
  status: Extract<DisputeStatus, 'needs_response' | 'warning_needs_response'>;
  paymentStatus: 'completed' | 'success';
  responseSeconds: number;
  openedBy: number | null;
}

export async function insertDispute(tx: Db, d: NewDispute): Promise<DisputeRow> {
  await tx.query(
    `insert into disputes (id, transaction_id, amount_cents, fee_cents, reason, status, payment_status, due_by, opened_via, opened_by)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8), $9, $10)`,
    [
      d.id,
      d.transactionId,
      d.amountCents,
      d.feeCents,
      d.reason,
      d.status,
      d.paymentStatus,
      d.responseSeconds,
      d.openedBy === null ? 'sandbox' : 'back_office',
      d.openedBy,
    ],
  );
  return (await findDispute(tx, d.id))!;
}

/** A dispute as it stands; `lock` holds its row until the transaction ends (after its payment's, docs/decisions/lock-order.md). */
export async function findDispute(db: Db, id: string, lock = false): Promise<DisputeRow | undefined> {
  const [row] = await db.query<DisputeRow>(`select ${columns} from disputes d where d.id = $1${lock ? ' for no key update' : ''}`, [id]);
  return row;
}

/** Whether the payment was ever disputed: a payment is disputed once (docs/decisions/disputes.md). */
export async function wasDisputed(db: Db, transactionId: string): Promise<boolean> {
  const rows = await db.query('select 1 from disputes where transaction_id = $1 limit 1', [transactionId]);
  return rows.length > 0;
}

/** The id of a payment's dispute (or inquiry), if it was ever disputed: a payment is disputed once. */
export async function disputeIdOf(db: Db, transactionId: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>('select id from disputes where transaction_id = $1 order by created_at desc limit 1', [
    transactionId,
  ]);
  return row?.id ?? null;
}

/**
 * A dispute's history, oldest first, from the outbox: every change wrote its event in its own
 * transaction with the object as it then stood (DSP-12), and events are never deleted. Read by
 * type and time from the dispute's opening, through the outbox's index on both, then matched by
 * the object's id. Events of one transaction share its time: the change of status comes before
 * the money it moved, as the service writes them.
 */
export async function disputeTimeline(db: Db, id: string, openedAt: string): Promise<DisputeTimelineEntry[]> {
  return db.query<DisputeTimelineEntry>(
    `select type, wire_time(created_at) as created_at,
            object->>'status' as status, (object->'evidence_details'->>'has_evidence')::boolean as has_evidence,
            (object->'evidence_details'->>'submission_count')::int as submission_count,
            object->>'amount' as amount, object->>'fee' as fee
       from webhook_events
      where type = any($2::text[]) and created_at >= $3::timestamptz and object->>'id' = $1
      order by created_at, array_position($2::text[], type), id`,
    [id, [...disputeTimelineTypes], openedAt],
  );
}

export interface DisputeFilter {
  status?: DisputeStatus;
  transactionId?: string;
  from?: string;
  to?: string;
  page: number;
  limit: number;
}

const DAY_MS = 86_400_000;
/** The UTC midnight that starts the day of `at` (an ISO instant), or ends it (`after`). */
const midnight = (at: string, after = false) => new Date((Math.floor(Date.parse(at) / DAY_MS) + (after ? 1 : 0)) * DAY_MS).toISOString();

/**
 * Newest first; `from` and `to` bound created_at (both inclusive). Only the conditions given are
 * written, so each filter's plan is its own index's (migration 036): a page's ids are read from
 * the index first, and only the page's disputes made into objects (two-step-list-pages.md).
 */
export async function listDisputes(db: Db, f: DisputeFilter): Promise<{ rows: DisputeObject[]; total: number }> {
  const params: unknown[] = [];
  const where: string[] = [];
  if (f.status) where.push(`d.status = $${params.push(f.status)}`);
  if (f.transactionId) where.push(`d.transaction_id = $${params.push(f.transactionId)}`);
  if (f.from) where.push(`d.created_at >= $${params.push(f.from)}::timestamptz`);
  if (f.to) where.push(`d.created_at <= $${params.push(f.to)}::timestamptz`);
  let offset = (f.page - 1) * f.limit;
  if (offset >= DEEP_OFFSET && !f.transactionId && !f.from && !f.to) {
    const start = await pageStartDay(db, f.status, offset);
    if (start) {
      where.push(`d.created_at < $${params.push(start.dayEnd)}::timestamptz`);
      offset -= start.newer;
    }
  }
  const whereSql = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const order = 'order by d.created_at desc, d.id desc';
  const [rows, total] = await Promise.all([
    // Prepared: its plan is each filter's index whatever the values, and planning the object's
    // functions inlined took longer than building the page's 25 objects.
    db.query<{ object: DisputeObject }>(
      prepared(`select dispute_object(d) as object
         from (select d.id from disputes d ${whereSql} ${order} limit $${params.length + 1} offset $${params.length + 2}) page
         join disputes d on d.id = page.id ${order}`),
      [...params, f.limit, offset],
    ),
    countDisputes(db, f),
  ]);
  return { rows: rows.map((row) => row.object), total };
}

/** From this offset on, the daily counts find the day a page starts in, as the transaction list's do. */
const DEEP_OFFSET = 100;

/**
 * The UTC day holding the dispute at `offset` (newest first), from migration 041's counts: `dayEnd`
 * ends that day and `newer` disputes opened at or after it, so the page is those before `dayEnd`
 * from offset `offset - newer` on, and the index skips whole days instead of every newer dispute.
 */
async function pageStartDay(
  db: Db,
  status: DisputeStatus | undefined,
  offset: number,
): Promise<{ dayEnd: string; newer: number } | undefined> {
  const [row] = await db.query<{ day_end: Date | string; newer: number }>(
    `select (day + 1)::timestamp at time zone 'UTC' as day_end, newer from (
       select day, sum(sum(disputes)) over (order by day desc) - sum(disputes) as newer, sum(disputes) as n
         from dispute_daily_counts where $1::text is null or status = $1 group by day) d
      where newer <= $2 and newer + n > $2`,
    [status ?? null, offset],
  );
  return row ? { dayEnd: new Date(row.day_end).toISOString(), newer: Number(row.newer) } : undefined;
}

/**
 * How many disputes a filter selects. A payment's are counted; otherwise the whole UTC days inside
 * the range come from migration 041's rollup, and only the disputes of its first and last day,
 * when the range cuts them, are counted one by one: the cost of a total is that of a few days,
 * whatever the number of disputes (DSP-18).
 */
async function countDisputes(db: Db, f: DisputeFilter): Promise<number> {
  if (f.transactionId) {
    const [row] = await db.query<{ total: number }>(
      `select count(*)::int as total from disputes d
        where d.transaction_id = $1 and ($2::text is null or d.status = $2)
          and ($3::timestamptz is null or d.created_at >= $3) and ($4::timestamptz is null or d.created_at <= $4)`,
      [f.transactionId, f.status ?? null, f.from ?? null, f.to ?? null],
    );
    return row?.total ?? 0;
  }
  // Whole days: after the first day and before the last. The first day from `from` to its end and
  // the last from its start to `to` are counted from the disputes; they are one day when both fall in it.
  const firstDayEnd = f.from ? midnight(f.from, true) : '-infinity';
  const lastDayStart = f.to ? midnight(f.to) : 'infinity';
  const status = f.status ? 'and d.status = $1' : '';
  const [row] = await db.query<{ total: number }>(
    prepared(`select (select coalesce(sum(c.disputes), 0) from dispute_daily_counts c
              where ($1::text is null or c.status = $1)
                and c.day >= ($2::timestamptz at time zone 'UTC')::date and c.day < ($3::timestamptz at time zone 'UTC')::date)::int
          + (select count(*) from disputes d
              where d.created_at >= $4::timestamptz and d.created_at < $2::timestamptz and d.created_at <= $5::timestamptz ${status})::int
          + (select count(*) from disputes d
              where d.created_at >= $3::timestamptz and d.created_at >= $2::timestamptz and d.created_at <= $5::timestamptz ${status})::int
            as total`),
    [f.status ?? null, firstDayEnd, lastDayStart, f.from ?? '-infinity', f.to ?? 'infinity'],
  );
  return row?.total ?? 0;
}

/** What a change writes of a dispute; each column left undefined keeps its value. */
export interface DisputeChange {
  status?: DisputeStatus;
  evidence?: Record<string, string>;
  feeCents?: number;
  /** A submission: submitted now, counted, and decided as `decision` after `decideSeconds`. */
  submitted?: { decision: 'won' | 'lost'; decideSeconds: number };
  /** A new stage (an inquiry become a dispute): the submission cleared, a new due date. */
  reopened?: { responseSeconds: number };
  closed?: true;
}

/** Writes a change of a dispute whose row the transaction holds; answers it as it now stands. */
export async function changeDispute(tx: Db, id: string, c: DisputeChange): Promise<DisputeRow> {
  await tx.query(
    `update disputes set
       status = coalesce($2::text, status),
       evidence = coalesce($3::jsonb, evidence),
       fee_cents = coalesce($4::bigint, fee_cents),
       submitted_at = case when $5::text is not null then now() when $7::int is not null then null else submitted_at end,
       submission_count = submission_count + case when $5::text is not null then 1 else 0 end,
       decision = case when $5::text is not null then $5::text when $7::int is not null then null else decision end,
       decide_at = case when $5::text is not null then now() + make_interval(secs => $6::int) when $7::int is not null then null else decide_at end,
       due_by = case when $7::int is not null then now() + make_interval(secs => $7) else due_by end,
       closed_at = case when $8::boolean then now() else closed_at end,
       updated_at = now()
     where id = $1`,
    [
      id,
      c.status ?? null,
      c.evidence === undefined ? null : JSON.stringify(c.evidence),
      c.feeCents ?? null,
      c.submitted?.decision ?? null,
      c.submitted?.decideSeconds ?? 0,
      c.reopened?.responseSeconds ?? null,
      c.closed === true,
    ],
  );
  return (await findDispute(tx, id))!;
}

/** The ids of the files among `ids` that exist for dispute evidence. */
export async function evidenceFilesAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.query<{ id: string }>(`select id from files where id = any($1::text[]) and purpose = 'dispute_evidence'`, [
    [...ids],
  ]);
  return new Set(rows.map((row) => row.id));
}

/**
 * Payments of the sandbox's dispute test cards whose dispute is due to open: successful, with
 * something left after refunds, never disputed, paid `openSeconds` ago or more. Found through
 * migration 036's partial index, matched by the cards' keyed fingerprints, and locked; rows
 * another process holds are skipped, so the claim never waits.
 */
export const claimPaymentsToDispute = (
  tx: Db,
  fingerprints: readonly string[],
  successful: readonly string[],
  openSeconds: number,
  batch: number,
): Promise<{ transaction_id: string; card_fingerprint: string }[]> =>
  tx.query(
    `select t.transaction_id, t.card_fingerprint from transactions t
      where t.last_four in ('0259', '1976') and t.card_fingerprint = any($1::text[]) and t.status = any($2::text[])
        and t.refunded_cents < t.amount_cents and t.created_at <= now() - make_interval(secs => $3)
        and not exists (select 1 from disputes d where d.transaction_id = t.transaction_id)
      order by t.created_at limit $4 for no key update of t skip locked`,
    [[...fingerprints], [...successful], openSeconds, batch],
  );

/**
 * Open disputes whose time has come, with their payments, locked together: those waiting for an
 * answer past their due date (`due`) or whose submitted evidence is to be decided (`decided`).
 * SKIP LOCKED on both rows: the claim never waits, so it cannot close a cycle with a caller that
 * holds the payment and waits for the dispute (docs/decisions/lock-order.md).
 */
export const claimDueDisputes = (tx: Db, kind: 'due' | 'decided', batch: number): Promise<DisputeRow[]> =>
  tx.query<DisputeRow>(
    kind === 'due'
      ? `select ${columns} from disputes d join transactions t on t.transaction_id = d.transaction_id
          where d.status in ('warning_needs_response', 'needs_response') and d.due_by <= now()
          order by d.due_by limit $1 for no key update of d, t skip locked`
      : `select ${columns} from disputes d join transactions t on t.transaction_id = d.transaction_id
          where d.status in ('warning_under_review', 'under_review') and d.decide_at <= now()
          order by d.decide_at limit $1 for no key update of d, t skip locked`,
    [batch],
  );

/** What a dispute reads of its payment. */
export interface DisputedPayment {
  transaction_id: string;
  status: TransactionStatus;
  amount_cents: number;
  refunded_cents: number;
}

/**
 * Locks a payment's row and reads it as it now stands. FOR NO KEY UPDATE, the mode of the
 * payment's own UPDATE, as every path that changes a payment takes it (docs/decisions/lock-order.md).
 */
export async function lockPayment(tx: Db, transactionId: string): Promise<DisputedPayment | undefined> {
  const [row] = await tx.query<DisputedPayment>(
    `select transaction_id, status, amount_cents::int as amount_cents, refunded_cents::int as refunded_cents
       from transactions where transaction_id = $1 for no key update`,
    [transactionId],
  );
  return row;
}

/** Sets the status of a payment whose row the transaction holds. */
export async function setPaymentStatus(tx: Db, transactionId: string, status: TransactionStatus): Promise<void> {
  await tx.query('update transactions set status = $2, updated_at = now() where transaction_id = $1', [transactionId, status]);
}
