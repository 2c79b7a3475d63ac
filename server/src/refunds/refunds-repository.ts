import type { RefundObject, RefundReason, RefundStatus } from '@paydesk/shared/schemas/merchant-objects';
import type { Db } from '../db/db';
import { SUCCESSFUL_STATUSES } from '../payments/transaction-statuses';

export interface RefundRow {
  id: string;
  transaction_id: string;
  amount_cents: number;
  reason: RefundReason;
  note: string | null;
  status: RefundStatus;
  failure_reason: string | null;
  requested_via: 'api' | 'back_office';
  /** The staff member's e-mail (null for the API, or a deleted user). */
  requested_by_email: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
  /** The refund as the merchant API and webhook events show it (refund_object, migration 022). */
  object: RefundObject;
}

export interface NewRefund {
  id: string;
  transactionId: string;
  amountCents: number;
  reason: RefundReason;
  note: string | null;
  requestedBy: number | null;
  settleSeconds: number;
}

const columns = `r.id, r.transaction_id, r.amount_cents::int as amount_cents, r.reason, r.note, r.status, r.failure_reason, r.requested_via,
  u.email as requested_by_email, r.created_at, r.settled_at, refund_object(r) as object`;
const from = 'refunds r left join users u on u.id = r.requested_by';

/**
 * Takes `amountCents` (or all that is left, when null) of the payment for a refund, in one
 * conditional statement: a payment that is not successful, or has less left, is not touched and
 * the answer is undefined. The row lock it takes holds concurrent refunds of the payment back until
 * this transaction ends, and they then see what it took.
 */
export async function takeRefundable(tx: Db, transactionId: string, amountCents: number | null): Promise<{ taken: number } | undefined> {
  const [row] = await tx.query<{ taken: number }>(
    `with wanted as (select coalesce($2::bigint, amount_cents - refunded_cents) as cents from transactions where transaction_id = $1)
     update transactions t set refunded_cents = t.refunded_cents + w.cents, updated_at = now() from wanted w
      where t.transaction_id = $1 and t.status = any($3::text[]) and w.cents > 0 and t.refunded_cents + w.cents <= t.amount_cents
     returning w.cents::int as taken`,
    [transactionId, amountCents, SUCCESSFUL_STATUSES],
  );
  return row;
}

export async function insertRefund(tx: Db, r: NewRefund): Promise<RefundRow> {
  await tx.query(
    `insert into refunds (id, transaction_id, amount_cents, reason, note, requested_by, requested_via, settle_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [
      r.id,
      r.transactionId,
      r.amountCents,
      r.reason,
      r.note,
      r.requestedBy,
      r.requestedBy === null ? 'api' : 'back_office',
      r.settleSeconds,
    ],
  );
  return (await findRefund(tx, r.id))!;
}

export async function findRefund(db: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>(`select ${columns} from ${from} where r.id = $1`, [id]);
  return row;
}

/** A payment's refunds, oldest first. */
export const refundsOf = (db: Db, transactionId: string): Promise<RefundRow[]> =>
  db.query<RefundRow>(`select ${columns} from ${from} where r.transaction_id = $1 order by r.created_at, r.id`, [transactionId]);

/**
 * Pending refunds whose time has come, locked; rows another process holds are skipped, so the
 * claim never waits and the oldest due come first whatever their payments.
 */
export const claimDueRefunds = (tx: Db, batch: number): Promise<(RefundRow & { card_fingerprint: string | null })[]> =>
  tx.query(
    `select ${columns}, t.card_fingerprint from ${from} join transactions t on t.transaction_id = r.transaction_id
      where r.status = 'pending' and r.settle_at <= now()
      order by r.settle_at limit $1 for update of r skip locked`,
    [batch],
  );

/**
 * Locks the payments' rows in transaction_id order, in one statement (the rows are locked in the
 * order they are sorted), so the refunds of one payment settle one after the other and two
 * batches that share payments, in any processes, wait for each other instead of deadlocking
 * (docs/decisions/lock-order.md). FOR NO KEY UPDATE, as the refund's own UPDATE of the row takes:
 * it holds other refunds and settlements of the payment back without blocking the foreign key
 * checks (FOR KEY SHARE) of rows that merely point at the payment.
 */
export const lockPayments = (tx: Db, transactionIds: readonly string[]) =>
  tx.query('select transaction_id from transactions where transaction_id = any($1::text[]) order by transaction_id for no key update', [
    [...new Set(transactionIds)],
  ]);

export async function markSucceeded(tx: Db, id: string): Promise<void> {
  await tx.query(`update refunds set status = 'succeeded', settled_at = now() where id = $1 and status = 'pending'`, [id]);
}

/** A failed refund gives its amount back to the payment, which can then be refunded again. */
export async function markFailed(tx: Db, refund: Pick<RefundRow, 'id' | 'transaction_id' | 'amount_cents'>, reason: string): Promise<void> {
  await tx.query(`update refunds set status = 'failed', failure_reason = $2, settled_at = now() where id = $1 and status = 'pending'`, [
    refund.id,
    reason,
  ]);
  await tx.query('update transactions set refunded_cents = refunded_cents - $2, updated_at = now() where transaction_id = $1', [
    refund.transaction_id,
    refund.amount_cents,
  ]);
}

/**
 * REF-05: a payment whose succeeded refunds reach its amount is `refunded`. Checked under the
 * payment's row lock (lockPayments), after the refund is marked.
 */
export async function markRefundedWhenFull(tx: Db, transactionId: string): Promise<void> {
  await tx.query(
    `update transactions t set status = 'refunded', updated_at = now()
      where t.transaction_id = $1 and t.status = any($2::text[])
        and (select coalesce(sum(amount_cents), 0) from refunds where transaction_id = $1 and status = 'succeeded') = t.amount_cents`,
    [transactionId, SUCCESSFUL_STATUSES],
  );
}
