import type { Db } from '../db/db';
import { SUCCESSFUL_STATUSES } from '../transactions/transaction-statuses';

/** The ledger's accounts (migration 005). A balance is the sum of an account's entries. */
export type LedgerAccount = 'card_settlement' | 'fees' | 'merchant_available' | 'merchant_pending' | 'bank_payouts';

export interface Entry {
  account: LedgerAccount;
  amountCents: number;
}

type WithdrawalKind = 'withdrawal_requested' | 'withdrawal_paid_out' | 'withdrawal_returned';

/**
 * Credits completed payments to the merchant: card_settlement −gross, fees +fee,
 * merchant_available +net. Each payment is posted at most once (the posting's unique source),
 * so calling this again, or from two processes at once, changes nothing. Without a transaction
 * id it credits every completed payment not yet in the ledger (the demo seed).
 * Returns how many payments were posted.
 */
async function creditPayments(db: Db, transactionId: string | null): Promise<number> {
  const rows = await db.query<{ posted: number }>(
    `with posted as (
       insert into ledger_postings (kind, source, transaction_id)
       select 'payment', 'payment:' || t.transaction_id, t.transaction_id from transactions t
        where t.status = any($1::text[]) and ($2::text is null or t.transaction_id = $2)
       on conflict (source) do nothing
       returning id, transaction_id
     ), entries as (
       insert into ledger_entries (posting_id, account, amount_cents)
       select p.id, e.account, e.amount from posted p
         join transactions t on t.transaction_id = p.transaction_id
         cross join lateral (values ('card_settlement', -t.amount_cents), ('fees', t.fee_cents), ('merchant_available', t.amount_cents - t.fee_cents)) e(account, amount)
        where e.amount <> 0
       returning 1
     )
     select count(*)::int as posted from posted`,
    [SUCCESSFUL_STATUSES, transactionId],
  );
  return rows[0]?.posted ?? 0;
}

/** Call inside the transaction that completes the payment; a payment that is not completed posts nothing. */
export const creditPayment = (tx: Db, transactionId: string): Promise<number> => creditPayments(tx, transactionId);

/** Backfill: every completed payment not yet credited (demo seed). */
export const creditCompletedPayments = (tx: Db): Promise<number> => creditPayments(tx, null);

/** Posts one withdrawal event; the entries must sum to zero (the database refuses otherwise). */
export async function postWithdrawal(tx: Db, withdrawalId: number, kind: WithdrawalKind, entries: readonly Entry[]): Promise<void> {
  const [posting] = await tx.query<{ id: number }>(
    `insert into ledger_postings (kind, source, withdrawal_id) values ($1, $2, $3) returning id`,
    [kind, `withdrawal:${withdrawalId}:${kind}`, withdrawalId],
  );
  const values = entries.map((_, i) => `($1, $${i * 2 + 2}, $${i * 2 + 3})`).join(', ');
  await tx.query(
    `insert into ledger_entries (posting_id, account, amount_cents) values ${values}`,
    [posting!.id, ...entries.flatMap((e) => [e.account, e.amountCents])],
  );
}

/** Moves `cents` from one account to another as one balanced posting. */
export const transfer = (from: LedgerAccount, to: LedgerAccount, cents: number): Entry[] => [
  { account: from, amountCents: -cents },
  { account: to, amountCents: cents },
];

/** Balances of the given accounts, from the entries (0 for an account without any). */
export async function accountBalances(db: Db, accounts: readonly LedgerAccount[]): Promise<Record<LedgerAccount, number>> {
  const rows = await db.query<{ account: LedgerAccount; balance: number }>(
    `select account, coalesce(sum(amount_cents), 0)::bigint as balance from ledger_entries where account = any($1::text[]) group by account`,
    [accounts],
  );
  const balances = Object.fromEntries(accounts.map((a) => [a, 0])) as Record<LedgerAccount, number>;
  for (const row of rows) balances[row.account] = Number(row.balance);
  return balances;
}

/**
 * Locks the merchant's available balance until the transaction ends. Every debit of
 * merchant_available takes this lock first, so two withdrawals (from any process) check and
 * spend the balance one after the other; credits need no lock, they can only add.
 */
export async function lockAvailableBalance(tx: Db): Promise<number> {
  await tx.query(`select code from ledger_accounts where code = 'merchant_available' for update`);
  return (await accountBalances(tx, ['merchant_available'])).merchant_available;
}
