import { refundEventTypes } from '@paydesk/shared/schemas/webhooks';
import type { Db } from '../db/db';
import { transactionWithRetry } from '../db/retry-transaction';
import { cardFingerprint } from '../cards/card-fingerprint';
import { REFUND_FAILS_CARD, REFUND_FAILURE_MESSAGE } from '../payments/sandbox-processor';
import { recordEvent } from '../webhooks/outbox';
import { postRefund } from '../wallet/ledger';
import { claimDueRefunds, findRefund, lockPayments, markFailed, markRefundedWhenFull, markSucceeded } from './refunds-repository';

/**
 * The sandbox card network settles the pending refunds whose delay has passed (REF-06, REF-07):
 * each succeeds, except those of the test card that fails refunds, whose money returns to the
 * merchant's balance. The card is recognised by its keyed fingerprint; no number is stored.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so several server processes share the work
 * without doing it twice; their payments are then locked all at once in transaction_id order,
 * and a returned refund's credit takes no lock that a refund being created holds
 * (docs/decisions/lock-order.md). A batch that still meets a deadlock runs again (REF-13).
 * Answers how many were settled.
 */
export async function settleDueRefunds(db: Db, fingerprintKey: string, batch = 100): Promise<number> {
  const failing = cardFingerprint(fingerprintKey, REFUND_FAILS_CARD);
  return transactionWithRetry(db, async (tx) => {
    const due = await claimDueRefunds(tx, batch);
    if (due.length === 0) return 0;
    await lockPayments(
      tx,
      due.map((refund) => refund.transaction_id),
    );
    for (const refund of due) {
      if (refund.card_fingerprint === failing) {
        await markFailed(tx, refund, REFUND_FAILURE_MESSAGE);
        await postRefund(tx, refund.id, 'refund_returned', refund.amount_cents);
      } else {
        await markSucceeded(tx, refund.id);
        await markRefundedWhenFull(tx, refund.transaction_id);
      }
      const settled = (await findRefund(tx, refund.id))!.object;
      await recordEvent(tx, refundEventTypes[settled.status], settled);
    }
    return due.length;
  });
}
