import type { WithdrawRequest } from '@paydesk/shared/schemas/wallet';
import { centsToDollars, numberToCents } from '@paydesk/shared/money';
import { recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Db } from '../db/db';
import { conflict } from '../errors/domain-error';
import { randomId } from '../ids/random-id';
import { lockAvailableBalance, postWithdrawal, transfer } from './ledger';
import { insertWithdrawal, type WithdrawalRow } from './withdrawals-repository';

export interface WithdrawalRequester {
  userId: number;
  settleSeconds: number;
  audit: AuditWho;
}

const newWithdrawalReference = () => randomId('WD', 16);

/**
 * What makes a retry with the same Idempotency-Key "the same withdrawal" (the `request` of
 * idempotent()): the amount in cents and the other fields, the form withdrawals have hashed since
 * they kept keys of their own, so the keys migration 031 carried over keep matching.
 */
export const sameWithdrawal = (body: WithdrawRequest): unknown[] => [
  numberToCents(body.amount),
  body.account_number,
  body.bank_name,
  body.account_name,
  body.reason,
];

/**
 * VAL-13's second check, again on the server: the amount must be covered by the available
 * balance at the moment of the request. The balance row lock makes concurrent requests (from any
 * number of processes) check one after the other, so the balance can never go below zero
 * (WAL-12). On success the amount moves from available to pending in the same transaction. Runs
 * in the caller's transaction: the route's idempotent() over retrying(), which takes the
 * Idempotency-Key row before this takes the balance's, and runs the whole of it again if
 * PostgreSQL still picks it to break a deadlock (docs/decisions/lock-order.md).
 */
export async function requestWithdrawal(tx: Db, who: WithdrawalRequester, body: WithdrawRequest): Promise<WithdrawalRow> {
  const amountCents = numberToCents(body.amount);
  const available = await lockAvailableBalance(tx);
  // Only a dispute takes the balance below zero; nothing is paid out until it is above zero again (DSP-10).
  if (available < 0) {
    throw conflict(
      `The available balance is negative (${centsToDollars(available)}) after a dispute: withdrawals resume once new payments bring it above zero`,
      'insufficient_balance',
    );
  }
  if (amountCents > available) throw conflict(`Insufficient balance. Available balance: ${centsToDollars(available)}`);
  const withdrawal = await insertWithdrawal(tx, {
    reference: newWithdrawalReference(),
    amountCents,
    accountNumber: body.account_number,
    bankName: body.bank_name,
    accountName: body.account_name,
    note: body.reason ? body.reason : null,
    requestedBy: who.userId,
    settleSeconds: who.settleSeconds,
  });
  await postWithdrawal(tx, withdrawal.id, 'withdrawal_requested', transfer('merchant_available', 'merchant_pending', amountCents));
  await recordAudit(tx, {
    action: 'withdrawal.requested',
    who: who.audit,
    target: { type: 'withdrawal', id: withdrawal.id },
    changes: values({ reference: withdrawal.reference, amount_cents: amountCents, status: withdrawal.status }),
  });
  return withdrawal;
}
