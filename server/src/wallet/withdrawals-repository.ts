import type { Db } from '../db/db';
import type { WithdrawalStatus } from '@paydesk/shared/schemas/wallet';

export interface WithdrawalRow {
  id: number;
  reference: string;
  amount_cents: number;
  account_number: string;
  bank_name: string;
  account_name: string;
  note: string | null;
  status: WithdrawalStatus;
  failure_reason: string | null;
  created_at: Date | string;
  processed_at: Date | string | null;
}

export interface NewWithdrawal {
  reference: string;
  amountCents: number;
  accountNumber: string;
  bankName: string;
  accountName: string;
  note: string | null;
  requestedBy: number;
  settleSeconds: number;
}

const columns = `id, reference, amount_cents, account_number, bank_name, account_name, note, status, failure_reason, created_at, processed_at`;

/**
 * A new pending withdrawal. Its Idempotency-Key is kept by idempotency_keys (idempotent()): the
 * row's own idempotency_key and request_hash (migration 005) are no longer written (migration 031).
 */
export async function insertWithdrawal(tx: Db, w: NewWithdrawal): Promise<WithdrawalRow> {
  const [row] = await tx.query<WithdrawalRow>(
    `insert into withdrawals (reference, amount_cents, account_number, bank_name, account_name, note, requested_by, settle_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
     returning ${columns}`,
    [w.reference, w.amountCents, w.accountNumber, w.bankName, w.accountName, w.note, w.requestedBy, w.settleSeconds],
  );
  return row!;
}

/** Newest first. */
export const listWithdrawals = (db: Db): Promise<WithdrawalRow[]> =>
  db.query<WithdrawalRow>(`select ${columns} from withdrawals order by created_at desc, id desc`);

/** Pending withdrawals whose time has come, locked; rows another process holds are skipped. */
export const claimDueWithdrawals = (tx: Db, batch: number): Promise<WithdrawalRow[]> =>
  tx.query<WithdrawalRow>(
    `select ${columns} from withdrawals where status = 'pending' and settle_at <= now()
     order by settle_at limit $1 for update skip locked`,
    [batch],
  );

/** Ends a pending withdrawal: its object as it now stands (withdrawal_object, migration 019), or undefined if it was not pending. */
export async function finishWithdrawal(
  tx: Db,
  id: number,
  status: Exclude<WithdrawalStatus, 'pending'>,
  failureReason: string | null,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await tx.query<{ object: Record<string, unknown> }>(
    `update withdrawals w set status = $2, failure_reason = $3, processed_at = now() where id = $1 and status = 'pending' returning withdrawal_object(w) as object`,
    [id, status, failureReason],
  );
  return row?.object;
}
