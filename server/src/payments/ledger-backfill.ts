import type { Db } from '../db/db';
import { creditPaidCtes } from '../wallet/ledger';
import { SUCCESSFUL_STATUSES } from './transaction-statuses';

/**
 * Backfill (the demo seed): credits every completed payment not yet in the ledger
 * (creditPaidCtes). A payment that becomes paid is credited by the statement that writes it
 * (payments-repository.ts). Returns how many were posted.
 */
export async function creditCompletedPayments(tx: Db): Promise<number> {
  const rows = await tx.query<{ posted: number }>(
    `with paid as (select transaction_id, amount_cents, fee_cents from transactions where status = any($1::text[])),
     ${creditPaidCtes}
     select count(*) filter (where kind = 'payment')::int as posted from posted`,
    [SUCCESSFUL_STATUSES],
  );
  return rows[0]?.posted ?? 0;
}
