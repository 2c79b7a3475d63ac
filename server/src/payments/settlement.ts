import type { Db } from '../db/db';
import { transactionWithRetry } from '../db/retry-transaction';
import { conflict } from '../errors/domain-error';
import { demoCodePasses } from './demo-issuer';
import { findPayment, settlePayment } from './payments-repository';
import type { PaymentContext } from './payments-service';
import { requeryPayment } from './payments-service';

const messages = {
  completed: 'Payment successful',
  declinedAfterChallenge: 'Your card was declined.',
  challengeFailed: '3-D Secure authentication failed.',
  resolvedFailed: 'The bank declined the payment.',
} as const;

/** The payer finished a 3-D Secure step: `passed` says whether the authentication succeeded. */
export async function completeChallenge(ctx: PaymentContext, transactionId: string, kind: 'acs' | 'demo', passed: boolean) {
  // It credits the balance: run again, whole, if PostgreSQL picks it to break a deadlock (docs/decisions/lock-order.md).
  await transactionWithRetry(ctx.db, async (tx) => {
    const row = await findPayment(tx, transactionId, true);
    if (!row || row.status !== 'pending' || row.challenge !== kind) {
      throw conflict('No 3-D Secure step is waiting for this transaction');
    }
    const status = passed ? (row.challenge_outcome ?? 'failed') : 'failed';
    const message = status === 'completed' ? messages.completed : passed ? messages.declinedAfterChallenge : messages.challengeFailed;
    await settlePayment(tx, transactionId, status, message);
  });
  return requeryPayment(ctx, transactionId);
}

/**
 * The payer finished the demo modal: with the code typed (the sandbox issuer decides whether it
 * passes), or without one (cancelled, or the time ran out), which fails the authentication.
 */
export const completeDemoChallenge = (ctx: PaymentContext, transactionId: string, otp: string | null) =>
  completeChallenge(ctx, transactionId, 'demo', otp !== null && demoCodePasses(otp));

/**
 * Resolves the sandbox's pending payments whose time has come. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so several server processes share the work without doing it twice and
 * the claim never waits; the credits that follow take no lock a debit holds
 * (docs/decisions/lock-order.md). A batch that still meets a deadlock runs again.
 */
export async function resolveDuePayments(db: Db, batch = 100): Promise<number> {
  return transactionWithRetry(db, async (tx) => {
    const due = await tx.query<{ transaction_id: string; resolve_to: 'completed' | 'failed' }>(
      `select transaction_id, resolve_to from transactions
       where resolve_at <= now() and status = 'pending' order by resolve_at limit $1 for update skip locked`,
      [batch],
    );
    for (const row of due) {
      await settlePayment(
        tx,
        row.transaction_id,
        row.resolve_to,
        row.resolve_to === 'completed' ? messages.completed : messages.resolvedFailed,
      );
    }
    return due.length;
  });
}
