import { batched } from '../db/batched';
import { prepared, type Db } from '../db/db';
import { SUCCESSFUL_STATUSES } from '../transactions/transaction-statuses';
import { creditPaidCtes } from '../wallet/ledger';

export interface Initialization {
  transaction_id: string;
  order_id: string;
  checkout_reference: string | null;
  card_fingerprint: string;
  card_brand: string;
  last_four: string;
  recommendation: 'PROCEED' | 'DO_NOT_PROCEED';
}

const initializationColumns = ['transaction_id', 'order_id', 'checkout_reference', 'card_fingerprint', 'card_brand', 'last_four', 'recommendation'] as const;
const insertInitializationsSql = prepared(`insert into card_initializations (${initializationColumns.join(', ')})
   select * from unnest(${initializationColumns.map((_, i) => `$${i + 1}::text[]`).join(', ')})`);

/**
 * Writes initialisations, those that arrive together in one insert (batched): the rows are the
 * server's own (new ids, a checkout already found payable), so only the database can fail them.
 */
export function initializationWriter(db: Db): (init: Initialization) => Promise<void> {
  return batched(async (inits: Initialization[]) => {
    await db.query(insertInitializationsSql, initializationColumns.map((column) => inits.map((init) => init[column])));
    return inits.map(() => undefined);
  });
}

/**
 * The initialisation of a transaction, and whether the issuer's card pool holds its card now
 * (read without a lock: the payment of a pooled card locks the card's row to decide).
 */
export async function findInitialization(db: Db, transactionId: string): Promise<(Initialization & { pooled: boolean }) | undefined> {
  const [row] = await db.query<Initialization & { pooled: boolean }>(
    prepared(`select i.transaction_id, i.order_id, i.checkout_reference, i.card_fingerprint, i.card_brand, i.last_four, i.recommendation,
            exists (select 1 from pool_cards p where p.fingerprint = i.card_fingerprint) as pooled
     from card_initializations i where i.transaction_id = $1`),
    [transactionId],
  );
  return row;
}

export type StoredStatus = 'completed' | 'failed' | 'pending';

export interface PaymentRow {
  transaction_id: string;
  order_id: string;
  checkout_reference: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  amount_cents: number;
  fee_cents: number;
  net_cents: number;
  status: StoredStatus;
  card_brand: string;
  last_four: string;
  card_fingerprint: string;
  provider_key_id: number | null;
  processor: string;
  response_message: string;
  challenge: 'acs' | 'demo' | null;
  challenge_outcome: 'completed' | 'failed' | null;
  resolve_at: Date | null;
  resolve_to: 'completed' | 'failed' | null;
}

const paymentColumns = [
  'transaction_id', 'order_id', 'checkout_reference', 'first_name', 'last_name', 'email', 'phone', 'amount_cents',
  'fee_cents', 'net_cents', 'status', 'card_brand', 'last_four', 'card_fingerprint', 'provider_key_id', 'processor',
  'response_message', 'challenge', 'challenge_outcome', 'resolve_at', 'resolve_to',
] as const;

/**
 * What a payment that has just become paid changes besides its own row, as CTEs over `changed`
 * (the row as the statement wrote it: its RETURNING of paidColumns): its checkout marked
 * completed (a completed checkout never goes back) and its ledger credit (creditPaidCtes). A
 * payment that is not paid changes neither. One statement with the row's own write, so the three
 * are all or nothing without a transaction.
 */
const paidColumns = 'transaction_id, checkout_reference, status, amount_cents, fee_cents';
const whenPaidCtes = (statusesParam: string) => `paid as (
       select transaction_id, checkout_reference, amount_cents, fee_cents from changed where status = any(${statusesParam}::text[])
     ), checkout as (
       update checkouts c set status = 'completed', transaction_id = paid.transaction_id, updated_at = now()
         from paid where c.reference = paid.checkout_reference and c.status <> 'completed'
     ), ${creditPaidCtes}`;

const param = (column: (typeof paymentColumns)[number]) => `$${paymentColumns.indexOf(column) + 1}`;
const storePaymentSql = prepared(`with changed as (
       insert into transactions (${paymentColumns.join(', ')}, result)
       select ${[...paymentColumns, 'result'].map((_, i) => `$${i + 1}`).join(', ')}
       from card_initializations i
       where i.transaction_id = ${param('transaction_id')} and i.order_id = ${param('order_id')}
         and i.card_fingerprint = ${param('card_fingerprint')} and i.checkout_reference is not distinct from ${param('checkout_reference')}
         and i.recommendation = 'PROCEED'
         and ($${paymentColumns.length + 3}::boolean or not exists (select 1 from pool_cards p where p.fingerprint = i.card_fingerprint))
       on conflict (transaction_id) do nothing
       returning ${paidColumns}
     ), ${whenPaidCtes(`$${paymentColumns.length + 2}`)}
     select count(*)::int as stored from changed`);

/**
 * Stores a new payment and, if it is paid, its checkout and ledger credit, in one statement
 * (whenPaidCtes), if its initialisation agrees: the same order, card and checkout, PROCEED, and,
 * unless the caller has read the pool (`poolRead`), a card outside the issuer's pool.
 * Stores nothing and answers false otherwise, or when this transaction id was processed already:
 * of any number of concurrent duplicates exactly one stores.
 */
export async function storePaymentOnce(db: Db, payment: PaymentRow, firstAnswer: unknown, poolRead: boolean): Promise<boolean> {
  const values = [...paymentColumns.map((column) => payment[column]), JSON.stringify(firstAnswer), SUCCESSFUL_STATUSES, poolRead];
  const rows = await db.query<{ stored: number }>(storePaymentSql, values);
  return rows[0]?.stored === 1;
}

/** The answer given the first time this transaction id was processed. */
export async function firstAnswerOf(db: Db, transactionId: string): Promise<unknown> {
  const [row] = await db.query<{ result: unknown }>(prepared('select result from transactions where transaction_id = $1'), [transactionId]);
  return row?.result;
}

export async function findPayment(db: Db, transactionId: string, lock = false): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(
    prepared(`select ${paymentColumns.join(', ')} from transactions where transaction_id = $1${lock ? ' for update' : ''}`),
    [transactionId],
  );
  return row;
}

/**
 * Settles a pending payment (challenge done, or the background job) and, if it is now paid, its
 * checkout and ledger credit, in one statement (whenPaidCtes); false if it was not pending.
 */
const settlePaymentSql = prepared(`with changed as (
       update transactions set status = $2, response_message = $3,
         fee_cents = case when $2 = 'failed' then 0 else fee_cents end,
         net_cents = case when $2 = 'failed' then 0 else net_cents end,
         challenge = null, challenge_outcome = null, resolve_at = null, resolve_to = null, updated_at = now()
       where transaction_id = $1 and status = 'pending'
       returning ${paidColumns}
     ), ${whenPaidCtes('$4')}
     select count(*)::int as settled from changed`);

export async function settlePayment(db: Db, transactionId: string, status: 'completed' | 'failed', message: string): Promise<boolean> {
  const rows = await db.query<{ settled: number }>(settlePaymentSql, [transactionId, status, message, SUCCESSFUL_STATUSES]);
  return rows[0]?.settled === 1;
}
