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

/** The columns a payment writes, with their types. */
const paymentColumnTypes = {
  transaction_id: 'text', order_id: 'text', checkout_reference: 'text', first_name: 'text', last_name: 'text', email: 'text',
  phone: 'text', amount_cents: 'bigint', fee_cents: 'bigint', net_cents: 'bigint', status: 'text', card_brand: 'text',
  last_four: 'text', card_fingerprint: 'text', provider_key_id: 'integer', processor: 'text', response_message: 'text',
  challenge: 'text', challenge_outcome: 'text', resolve_at: 'timestamptz', resolve_to: 'text',
} as const satisfies Record<keyof PaymentRow, string>;
const paymentColumns = Object.keys(paymentColumnTypes) as (keyof PaymentRow)[];

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

const storedColumns = [...paymentColumns, 'result'];
const storedTypes = [...Object.values(paymentColumnTypes), 'jsonb'];

/**
 * The statement storing `count` payments: their rows as VALUES, one statement text per count. Not
 * unnest over one array per column: PostgreSQL plans a parameter array for 10 items, so that
 * plan looks dearer than one planned for the actual items, and it would plan the statement again
 * on every run (server/test/prepared-statements.postgres.test.ts).
 */
const storePaymentsTexts: string[] = [];
const storePaymentsSql = (count: number): string => (storePaymentsTexts[count] ??= storePaymentsText(count));
function storePaymentsText(count: number): string {
  const rows = Array.from({ length: count }, (_, row) =>
    `(${storedTypes.map((type, i) => `$${row * storedTypes.length + i + 1}::${type}`).join(', ')})`);
  const after = count * storedTypes.length;
  return prepared(`with changed as (
       insert into transactions (${storedColumns.join(', ')})
       select p.* from (values ${rows.join(', ')}) as p(${storedColumns.join(', ')})
       join card_initializations i on i.transaction_id = p.transaction_id
       where i.order_id = p.order_id and i.card_fingerprint = p.card_fingerprint
         and i.checkout_reference is not distinct from p.checkout_reference and i.recommendation = 'PROCEED'
         and ($${after + 2}::boolean or not exists (select 1 from pool_cards pc where pc.fingerprint = i.card_fingerprint))
       on conflict (transaction_id) do nothing
       returning ${paidColumns}
     ), ${whenPaidCtes(`$${after + 1}`)}
     select transaction_id from changed`);
}

/** A payment to store and the answer it gets, kept for a retried request. */
interface NewPayment {
  row: PaymentRow;
  answer: unknown;
}

/**
 * Stores new payments and, for those paid, their checkouts and ledger credits, in one statement
 * (whenPaidCtes), each payment only if its initialisation agrees: the same order, card and
 * checkout, PROCEED, and, unless the caller has read the pool (`poolRead`), a card outside the
 * issuer's pool. A transaction id processed already stores nothing: of any number of concurrent
 * duplicates exactly one stores. Returns the transaction ids stored.
 */
async function storePayments(db: Db, payments: NewPayment[], poolRead: boolean): Promise<Set<string>> {
  const values = payments.flatMap(({ row, answer }) => [...paymentColumns.map((column) => row[column]), JSON.stringify(answer)]);
  const rows = await db.query<{ transaction_id: string }>(storePaymentsSql(payments.length), [...values, SUCCESSFUL_STATUSES, poolRead]);
  return new Set(rows.map((row) => row.transaction_id));
}

/** Stores a payment whose initialisation and pool the caller has read (storePayments); false if it was not stored. */
export async function storePaymentOnce(db: Db, payment: PaymentRow, firstAnswer: unknown): Promise<boolean> {
  return (await storePayments(db, [{ row: payment, answer: firstAnswer }], true)).has(payment.transaction_id);
}

type Stored = { stored: boolean } | { error: unknown };

/** 22 parameters a payment: 100 keep a statement far below PostgreSQL's 65,535 parameters. */
const MAX_PAYMENTS_PER_STATEMENT = 100;

/**
 * Stores the pay form's payments that nobody has checked yet (storePayments checks the
 * initialisation and the pool itself), those that arrive together in one statement (batched).
 * Answers whether the payment was stored. A transaction id twice in one batch goes once, the
 * other is answered false (the whole way then finds the first answer). A batch the database
 * refuses goes again one payment at a time, so that one payer's payment cannot fail another's.
 */
export function paymentWriter(db: Db): (payment: PaymentRow, firstAnswer: unknown) => Promise<boolean> {
  const store = batched(async (payments: NewPayment[]): Promise<Stored[]> => {
    const firstOfId = new Map<string, NewPayment>();
    for (const payment of payments) if (!firstOfId.has(payment.row.transaction_id)) firstOfId.set(payment.row.transaction_id, payment);
    const sent = [...firstOfId.values()];
    const answers = (outcome: (payment: NewPayment) => Stored) => payments.map((payment) =>
      (firstOfId.get(payment.row.transaction_id) === payment ? outcome(payment) : { stored: false }));
    try {
      const stored = await storePayments(db, sent, false);
      return answers(({ row }) => ({ stored: stored.has(row.transaction_id) }));
    } catch (error) {
      if (sent.length === 1) throw error;
      const alone = await Promise.allSettled(sent.map((payment) => storePayments(db, [payment], false)));
      const outcomes = new Map(sent.map((payment, i): [NewPayment, Stored] => {
        const result = alone[i]!;
        return [payment, result.status === 'fulfilled' ? { stored: result.value.has(payment.row.transaction_id) } : { error: result.reason }];
      }));
      return answers((payment) => outcomes.get(payment)!);
    }
  }, { max: MAX_PAYMENTS_PER_STATEMENT, inFlight: 2 });
  return async (row, answer) => {
    const outcome = await store({ row, answer });
    if ('error' in outcome) throw outcome.error;
    return outcome.stored;
  };
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
