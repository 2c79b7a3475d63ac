import type { Db } from '../db/db';
import { SUCCESSFUL_STATUSES } from './transaction-statuses';

export interface WalletBalanceCents {
  availableCents: number;
  pendingCents: number;
}

/**
 * Stand-in until the wallet ledger exists (wallet issue): available = net of completed/success
 * transactions, pending = net of pending ones, both from the daily rollup. The wallet issue
 * replaces this one function with a read of the ledger.
 */
export async function walletBalanceFromTransactions(db: Db): Promise<WalletBalanceCents> {
  const [row] = await db.query<{ available: number; pending: number }>(
    `select coalesce(sum(net_cents) filter (where status = any($1::text[])), 0)::bigint as available,
            coalesce(sum(net_cents) filter (where status = 'pending'), 0)::bigint as pending
       from transaction_daily_totals`,
    [SUCCESSFUL_STATUSES],
  );
  return { availableCents: row?.available ?? 0, pendingCents: row?.pending ?? 0 };
}
