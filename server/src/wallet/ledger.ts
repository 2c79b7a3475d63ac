import type { Db } from '../db/db';

/** The ledger's accounts (migration 005). A balance is the sum of an account's entries. */
export type LedgerAccount = 'card_settlement' | 'fees' | 'merchant_available' | 'merchant_pending' | 'bank_payouts';

export interface Entry {
  account: LedgerAccount;
  amountCents: number;
}

type WithdrawalKind = 'withdrawal_requested' | 'withdrawal_paid_out' | 'withdrawal_returned';

/**
 * The ledger's side of paid payments, as two CTEs over a relation `paid` (transaction_id,
 * amount_cents, fee_cents) that the statement defines before them: per payment a `payment`
 * posting (card_settlement −gross, merchant_available +gross) and, when it has a fee, a
 * `payment_fee` posting (merchant_available −fee, fees +fee), each a balance movement of its own
 * (BAL-01), with their entries. A payment already posted is skipped (the postings' unique
 * sources), so posting again, or from two processes at once, changes nothing. The statement reads
 * how many payments were posted from `posted` (its `payment` rows).
 */
// Sources as postingSourcesOf names them: `payment:<id>`, `payment:<id>:payment_fee`.
export const creditPaidCtes = `posted as (
     insert into ledger_postings (kind, source, transaction_id)
     select m.kind, 'payment:' || paid.transaction_id || case when m.kind = 'payment' then '' else ':' || m.kind end,
            paid.transaction_id
       from paid cross join (values ('payment'), ('payment_fee')) m(kind)
      where m.kind = 'payment' or paid.fee_cents > 0
     on conflict (source) do nothing
     returning id, kind, transaction_id
   ), entries as (
     insert into ledger_entries (posting_id, account, amount_cents)
     select posted.id, e.account, e.amount from posted
       join paid on paid.transaction_id = posted.transaction_id
       cross join lateral (values ('payment', 'card_settlement', -paid.amount_cents), ('payment', 'merchant_available', paid.amount_cents),
                                  ('payment_fee', 'merchant_available', -paid.fee_cents), ('payment_fee', 'fees', paid.fee_cents)) e(kind, account, amount)
      where e.kind = posted.kind and e.amount <> 0
     returning 1
   )`;

/** Posts one withdrawal event; the entries must sum to zero (the database refuses otherwise). */
export async function postWithdrawal(tx: Db, withdrawalId: number, kind: WithdrawalKind, entries: readonly Entry[]): Promise<void> {
  const [posting] = await tx.query<{ id: number }>(
    `insert into ledger_postings (kind, source, withdrawal_id) values ($1, $2, $3) returning id`,
    [kind, `withdrawal:${withdrawalId}:${kind}`, withdrawalId],
  );
  const values = entries.map((_, i) => `($1, $${i * 2 + 2}, $${i * 2 + 3})`).join(', ');
  await tx.query(`insert into ledger_entries (posting_id, account, amount_cents) values ${values}`, [
    posting!.id,
    ...entries.flatMap((e) => [e.account, e.amountCents]),
  ]);
}

/**
 * Posts one refund event: `refund` moves the amount from merchant_available back to the card
 * (card_settlement); `refund_returned` moves it back when the card network refuses the refund.
 * The fee is not returned (docs/decisions/refunds.md).
 */
export async function postRefund(tx: Db, refundId: string, kind: 'refund' | 'refund_returned', amountCents: number): Promise<void> {
  const entries =
    kind === 'refund'
      ? transfer('merchant_available', 'card_settlement', amountCents)
      : transfer('card_settlement', 'merchant_available', amountCents);
  await tx.query(
    `with posting as (insert into ledger_postings (kind, source, refund_id) values ($1, $2, $3) returning id)
     insert into ledger_entries (posting_id, account, amount_cents) select posting.id, e.account, e.amount from posting
       cross join (values ($4::text, $5::bigint), ($6::text, $7::bigint)) e(account, amount)`,
    [
      kind,
      `refund:${refundId}:${kind}`,
      refundId,
      entries[0]!.account,
      entries[0]!.amountCents,
      entries[1]!.account,
      entries[1]!.amountCents,
    ],
  );
}

/** A dispute's money moves, each a posting of its own kind (DSP-09). */
export type DisputePostingKind = 'dispute_funds_withdrawn' | 'dispute_fee' | 'dispute_funds_reinstated';

/**
 * Posts one of a dispute's money moves: `dispute_funds_withdrawn` gives the amount back to the
 * card (merchant_available → card_settlement), `dispute_fee` takes the fee
 * (merchant_available → fees), `dispute_funds_reinstated` returns the amount of a won dispute.
 * Unlike a refund or a withdrawal it takes no balance lock and checks nothing: the card network
 * takes the money whatever the balance, which may go below zero (docs/decisions/disputes.md).
 * The unique source (`dispute:<id>:<kind>`) refuses a second posting of the same move.
 */
export async function postDispute(tx: Db, disputeId: string, kind: DisputePostingKind, amountCents: number): Promise<void> {
  const entries = {
    dispute_funds_withdrawn: () => transfer('merchant_available', 'card_settlement', amountCents),
    dispute_fee: () => transfer('merchant_available', 'fees', amountCents),
    dispute_funds_reinstated: () => transfer('card_settlement', 'merchant_available', amountCents),
  }[kind]();
  await tx.query(
    `with posting as (insert into ledger_postings (kind, source, dispute_id) values ($1, $2, $3) returning id)
     insert into ledger_entries (posting_id, account, amount_cents) select posting.id, e.account, e.amount from posting
       cross join (values ($4::text, $5::bigint), ($6::text, $7::bigint)) e(account, amount)`,
    [
      kind,
      `dispute:${disputeId}:${kind}`,
      disputeId,
      entries[0]!.account,
      entries[0]!.amountCents,
      entries[1]!.account,
      entries[1]!.amountCents,
    ],
  );
}

/** Moves `cents` from one account to another as one balanced posting. */
export const transfer = (from: LedgerAccount, to: LedgerAccount, cents: number): Entry[] => [
  { account: from, amountCents: -cents },
  { account: to, amountCents: cents },
];

/** Balances of the given accounts: each checkpoint plus the entries after it (0 for an account without any). */
export async function accountBalances(db: Db, accounts: readonly LedgerAccount[]): Promise<Record<LedgerAccount, number>> {
  // One statement, one snapshot: the checkpoint and the entries after it.
  const rows = await db.query<{ account: LedgerAccount; balance: number }>(
    `select c.account, c.balance_cents + coalesce((select sum(e.amount_cents) from ledger_entries e
       where e.account = c.account and e.id > c.upto_entry_id), 0)::bigint as balance
     from ledger_checkpoints c where c.account = any($1::text[])`,
    [accounts],
  );
  const balances = Object.fromEntries(accounts.map((a) => [a, 0])) as Record<LedgerAccount, number>;
  for (const row of rows) balances[row.account] = Number(row.balance);
  return balances;
}

/**
 * Moves every account's checkpoint to its newest entry, so balances read a short tail. The SHARE
 * ROW EXCLUSIVE lock waits for the transactions writing entries and holds new ones back for the
 * few milliseconds this takes, and it lets one checkpoint run at a time: two at once (each server
 * process runs the job) would both add the same tail, the later one to the balance the earlier
 * one had already moved. If it cannot get the lock within `lockTimeoutMs`, it gives up until
 * next time. Answers how many entries the checkpoints moved over.
 */
export async function checkpointLedger(db: Db, lockTimeoutMs = 2_000): Promise<number> {
  return db
    .transaction(async (tx) => {
      // No JIT: the planner's estimate for the tails (the checkpoints' 5 rows unanalysed count as
      // about 1,000) passed jit_above_cost, and compiling took 130 of the statement's 165 ms while
      // the lock held every payment's credit back (bench/payment-api.mjs: a half-load p99 of
      // 59 ms against 16 ms for the database alone; without JIT the statement takes 18 ms).
      await tx.query(`select set_config('lock_timeout', $1, true), set_config('jit', 'off', true)`, [`${lockTimeoutMs}ms`]);
      await tx.query('lock table ledger_entries in share row exclusive mode');
      // The tail of each account on its own, as a row comparison that only the (account, id) index
      // of migration 007 serves: a range over the new entries. Written as a join on
      // `e.id > c.upto_entry_id`, the planner scanned the whole ledger while the lock held
      // every payment's credit back (bench/payment-api.mjs: half-load p99 of 250 ms to 2 s).
      const rows = await tx.query<{ moved: number }>(
        `with tail as (
         select c.account, t.amount, t.upto, t.moved from ledger_checkpoints c cross join lateral (
           select sum(e.amount_cents) as amount, max(e.id) as upto, count(*) as moved from ledger_entries e
           where e.account = c.account and (e.account, e.id) > (c.account, c.upto_entry_id)) t
         where t.moved > 0)
       update ledger_checkpoints c set balance_cents = c.balance_cents + tail.amount, upto_entry_id = tail.upto
       from tail where tail.account = c.account returning tail.moved`,
      );
      return rows.reduce((sum, row) => sum + Number(row.moved), 0);
    })
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return 0;
      throw error;
    });
}
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Locks the merchant's available balance until the transaction ends. Every debit of
 * merchant_available takes this lock first, before any payment row (docs/decisions/lock-order.md),
 * so two debits (from any process) check and spend the balance one after the other; credits need
 * no lock, they can only add. FOR NO KEY UPDATE, not FOR UPDATE: a ledger entry's foreign key
 * check takes FOR KEY SHARE on the account row, which FOR UPDATE blocks and FOR NO KEY UPDATE does
 * not, so a credit (a paid payment, a failed refund or withdrawal coming back) never waits for a
 * debit, and a job that holds payment rows while it credits cannot close a cycle with a refund
 * that holds this lock and waits for one of them.
 */
export async function lockAvailableBalance(tx: Db): Promise<number> {
  await tx.query(`select code from ledger_accounts where code = 'merchant_available' for no key update`);
  return (await accountBalances(tx, ['merchant_available'])).merchant_available;
}
