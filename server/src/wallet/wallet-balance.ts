import type { Db } from '../db/db';
import { accountBalances } from './ledger';

export interface WalletBalanceCents {
  availableCents: number;
  pendingCents: number;
}

/**
 * The merchant's wallet from the ledger: available is ready for withdrawal, pending is held by
 * requested withdrawals not yet settled. Total is their sum, so it always reconciles.
 */
export async function walletBalanceFromLedger(db: Db): Promise<WalletBalanceCents> {
  const balances = await accountBalances(db, ['merchant_available', 'merchant_pending']);
  return { availableCents: balances.merchant_available, pendingCents: balances.merchant_pending };
}
