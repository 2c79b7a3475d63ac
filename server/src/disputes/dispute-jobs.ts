import type { Db } from '../db/db';
import { transactionWithRetry } from '../db/retry-transaction';
import { cardFingerprint } from '../cards/card-fingerprint';
import { DISPUTE_CARD, INQUIRY_CARD } from '../payments/sandbox-processor';
import { SUCCESSFUL_STATUSES } from '../payments/transaction-statuses';
import { claimDueDisputes, claimPaymentsToDispute } from './disputes-repository';
import { decide, openDispute, passDueDate, SANDBOX_DISPUTE_REASON, type DisputeSettings } from './disputes-service';

export interface DisputeJobSettings extends DisputeSettings {
  openSeconds: number;
  fingerprintKey: string;
}

/**
 * The sandbox issuer's timed moves (DSP-02, DSP-04, DSP-05), run by a job in every process: it
 * opens the disputes and inquiries of the test cards' payments after DISPUTE_OPEN_SECONDS, ends
 * what was not answered by its due date, and makes known its decisions on submitted evidence.
 * Every claim skips rows another process holds (FOR ... SKIP LOCKED), so processes share the work
 * without doing it twice and never wait for each other; a batch that still meets a deadlock runs
 * again. The cards are recognised by their keyed fingerprints: no number is stored. Answers how
 * many moves were made.
 */
export async function runDueDisputes(db: Db, settings: DisputeJobSettings, batch = 100): Promise<number> {
  const dispute = cardFingerprint(settings.fingerprintKey, DISPUTE_CARD);
  const inquiry = cardFingerprint(settings.fingerprintKey, INQUIRY_CARD);
  const opened = await transactionWithRetry(db, async (tx) => {
    const due = await claimPaymentsToDispute(tx, [dispute, inquiry], SUCCESSFUL_STATUSES, settings.openSeconds, batch);
    for (const payment of due) {
      await openDispute(tx, settings, { userId: null, audit: null }, payment.transaction_id, {
        reason: SANDBOX_DISPUTE_REASON,
        inquiry: payment.card_fingerprint === inquiry,
      });
    }
    return due.length;
  });
  const pastDue = await transactionWithRetry(db, async (tx) => {
    const due = await claimDueDisputes(tx, 'due', batch);
    for (const row of due) await passDueDate(tx, settings, row);
    return due.length;
  });
  const decided = await transactionWithRetry(db, async (tx) => {
    const due = await claimDueDisputes(tx, 'decided', batch);
    for (const row of due) await decide(tx, settings, row);
    return due.length;
  });
  return opened + pastDue + decided;
}
