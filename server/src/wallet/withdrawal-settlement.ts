import { withdrawalEventTypes } from '@paydesk/shared/schemas/webhooks';
import type { Db } from '../db/db';
import { transactionWithRetry } from '../db/retry-transaction';
import { recordEvent } from '../webhooks/outbox';
import { postWithdrawal, transfer } from './ledger';
import { claimDueWithdrawals, finishWithdrawal, type WithdrawalRow } from './withdrawals-repository';

/** Sandbox bank: an account number ending in 0000 is refused, every other one is paid. */
export const SANDBOX_REJECTED_SUFFIX = '0000';
export const SANDBOX_REJECTION = 'The receiving bank rejected the account (sandbox: account numbers ending in 0000 fail)';

export type PayoutOutcome = { status: 'completed' } | { status: 'failed' | 'cancelled'; reason: string };

export function sandboxPayout(row: Pick<WithdrawalRow, 'account_number'>): PayoutOutcome {
  return row.account_number.endsWith(SANDBOX_REJECTED_SUFFIX) ? { status: 'failed', reason: SANDBOX_REJECTION } : { status: 'completed' };
}

/**
 * Ends one pending withdrawal: paid out (pending → bank_payouts) or money back (pending → available),
 * with its webhook event (withdrawalEventTypes: withdrawal.completed or withdrawal.failed) in the same
 * transaction.
 */
export async function finish(tx: Db, row: WithdrawalRow, outcome: PayoutOutcome): Promise<void> {
  const reason = outcome.status === 'completed' ? null : outcome.reason;
  const object = await finishWithdrawal(tx, row.id, outcome.status, reason);
  if (!object) return;
  const type = withdrawalEventTypes[outcome.status];
  if (type) await recordEvent(tx, type, object);
  if (outcome.status === 'completed')
    await postWithdrawal(tx, row.id, 'withdrawal_paid_out', transfer('merchant_pending', 'bank_payouts', row.amount_cents));
  else await postWithdrawal(tx, row.id, 'withdrawal_returned', transfer('merchant_pending', 'merchant_available', row.amount_cents));
}

/**
 * Settles the pending withdrawals whose delay has passed. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so several server processes share the work without doing it twice and
 * the claim never waits; the credits that follow take no lock a debit holds
 * (docs/decisions/lock-order.md). A batch that still meets a deadlock runs again.
 */
export async function settleDueWithdrawals(db: Db, batch = 100): Promise<number> {
  return transactionWithRetry(db, async (tx) => {
    const due = await claimDueWithdrawals(tx, batch);
    for (const row of due) await finish(tx, row, sandboxPayout(row));
    return due.length;
  });
}
