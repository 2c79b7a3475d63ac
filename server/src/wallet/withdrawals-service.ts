import { createHash } from 'node:crypto';
import type { WithdrawRequest } from '@paydesk/shared/schemas/wallet';
import { centsToDecimal, numberToCents } from '@paydesk/shared/money';
import { recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Db } from '../db/db';
import { transactionWithRetry } from '../db/retry-transaction';
import { conflict, unprocessable } from '../errors/domain-error';
import { randomId } from '../ids/random-id';
import { lockAvailableBalance, postWithdrawal, transfer } from './ledger';
import { findByIdempotencyKey, insertWithdrawal, type WithdrawalRow } from './withdrawals-repository';

export interface WithdrawalRequester {
  userId: number;
  idempotencyKey: string | undefined;
  settleSeconds: number;
  audit: AuditWho;
}

export interface WithdrawalOutcome {
  withdrawal: WithdrawalRow;
  /** False when an earlier request with the same Idempotency-Key is answered again. */
  created: boolean;
}

const newWithdrawalReference = () => randomId('WD', 16);

/** What makes two requests "the same" for an Idempotency-Key: the parsed body. */
const requestHash = (body: WithdrawRequest): string =>
  createHash('sha256')
    .update(JSON.stringify([numberToCents(body.amount), body.account_number, body.bank_name, body.account_name, body.reason]))
    .digest('hex');

export const dollars = (cents: number): string => `$${centsToDecimal(cents)}`;

/**
 * VAL-13's second check, again on the server: the amount must be covered by the available
 * balance at the moment of the request. The balance row lock makes concurrent requests (from any
 * number of processes) check one after the other, so the balance can never go below zero
 * (WAL-12). On success the amount moves from available to pending in the same transaction, which
 * runs again, whole, if PostgreSQL still picks it to break a deadlock (docs/decisions/lock-order.md).
 */
export async function requestWithdrawal(db: Db, who: WithdrawalRequester, body: WithdrawRequest): Promise<WithdrawalOutcome> {
  const amountCents = numberToCents(body.amount);
  const hash = requestHash(body);
  return transactionWithRetry(db, async (tx) => {
    const available = await lockAvailableBalance(tx);
    // Under the lock, so a concurrent retry with the same key sees the first one committed.
    if (who.idempotencyKey) {
      const earlier = await findByIdempotencyKey(tx, who.userId, who.idempotencyKey);
      if (earlier) {
        if (earlier.request_hash !== hash)
          throw unprocessable('This Idempotency-Key was already used for a different withdrawal', 'idempotency_key_reused');
        return { withdrawal: earlier, created: false };
      }
    }
    if (amountCents > available) throw conflict(`Insufficient balance. Available balance: ${dollars(available)}`);
    const withdrawal = await insertWithdrawal(tx, {
      reference: newWithdrawalReference(),
      amountCents,
      accountNumber: body.account_number,
      bankName: body.bank_name,
      accountName: body.account_name,
      note: body.reason ? body.reason : null,
      requestedBy: who.userId,
      idempotencyKey: who.idempotencyKey ?? null,
      requestHash: hash,
      settleSeconds: who.settleSeconds,
    });
    await postWithdrawal(tx, withdrawal.id, 'withdrawal_requested', transfer('merchant_available', 'merchant_pending', amountCents));
    await recordAudit(tx, {
      action: 'withdrawal.requested',
      who: who.audit,
      target: { type: 'withdrawal', id: withdrawal.id },
      changes: values({ reference: withdrawal.reference, amount_cents: amountCents, status: withdrawal.status }),
    });
    return { withdrawal, created: true };
  });
}
