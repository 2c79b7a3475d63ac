import type { TransactionStatus } from '@paydesk/shared/schemas/transaction';
import { checkoutEventTypes, paymentEventTypes } from '@paydesk/shared/schemas/webhooks';
import { batched } from '../db/batched';
import { prepared, type Db } from '../db/db';
import { SUCCESSFUL_STATUSES } from './transaction-statuses';
import { creditPaidCtes } from '../wallet/ledger';
import { eventTypeSql } from '../webhooks/outbox';

export interface Initialization {
  transaction_id: string;
  order_id: string;
  checkout_reference: string | null;
  card_fingerprint: string;
  card_brand: string;
  last_four: string;
  recommendation: 'PROCEED' | 'DO_NOT_PROCEED';
}

const initializationColumns = [
  'transaction_id',
  'order_id',
  'checkout_reference',
  'card_fingerprint',
  'card_brand',
  'last_four',
  'recommendation',
] as const;
const insertInitializationsSql = prepared(`insert into card_initializations (${initializationColumns.join(', ')})
   select * from unnest(${initializationColumns.map((_, i) => `$${i + 1}::text[]`).join(', ')})`);

/**
 * Writes initialisations, those that arrive together in one insert (batched): the rows are the
 * server's own (new ids, a checkout already found payable), so only the database can fail them.
 */
export function initializationWriter(db: Db): (init: Initialization) => Promise<void> {
  return batched(async (inits: Initialization[]) => {
    await db.query(
      insertInitializationsSql,
      initializationColumns.map((column) => inits.map((init) => init[column])),
    );
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

/**
 * A row of `transactions`, the one table of payments, as stored whoever wrote it: the payment
 * flow, the demo seed, or an older release (any status the admin side knows, and the card and
 * the message may be missing). The one type of a payment's row: every read of the table answers
 * it or a Pick of it (the back office's list adds the provider key), and what the payment flow
 * writes is NewPayment. `result`, the first answer, is read alone (firstAnswerOf).
 */
export interface PaymentRow {
  id: number;
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
  /** Pending and succeeded refunds together (REF-05). */
  refunded_cents: number;
  currency: 'USD';
  status: TransactionStatus;
  card_brand: string | null;
  last_four: string | null;
  card_fingerprint: string | null;
  provider_key_id: number | null;
  processor: string;
  response_message: string | null;
  debug_message: string | null;
  challenge: 'acs' | 'demo' | null;
  challenge_outcome: 'completed' | 'failed' | null;
  resolve_at: Date | null;
  resolve_to: 'completed' | 'failed' | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns findPayment reads: all of PaymentRow's. */
const paymentRowColumns: Record<keyof PaymentRow, true> = {
  id: true,
  transaction_id: true,
  order_id: true,
  checkout_reference: true,
  first_name: true,
  last_name: true,
  email: true,
  phone: true,
  amount_cents: true,
  fee_cents: true,
  net_cents: true,
  refunded_cents: true,
  currency: true,
  status: true,
  card_brand: true,
  last_four: true,
  card_fingerprint: true,
  provider_key_id: true,
  processor: true,
  response_message: true,
  debug_message: true,
  challenge: true,
  challenge_outcome: true,
  resolve_at: true,
  resolve_to: true,
  created_at: true,
  updated_at: true,
};

/** How the payment flow stores a payment (voided: it lost its checkout to another payment). */
export type StoredStatus = Extract<TransactionStatus, 'completed' | 'failed' | 'pending' | 'voided'>;

/** The columns a payment writes, with their types. */
const paymentColumnTypes = {
  transaction_id: 'text',
  order_id: 'text',
  checkout_reference: 'text',
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  phone: 'text',
  amount_cents: 'bigint',
  fee_cents: 'bigint',
  net_cents: 'bigint',
  status: 'text',
  card_brand: 'text',
  last_four: 'text',
  card_fingerprint: 'text',
  provider_key_id: 'integer',
  processor: 'text',
  response_message: 'text',
  challenge: 'text',
  challenge_outcome: 'text',
  resolve_at: 'timestamptz',
  resolve_to: 'text',
} as const satisfies Partial<Record<keyof PaymentRow, string>>;
const paymentColumns = Object.keys(paymentColumnTypes) as (keyof typeof paymentColumnTypes)[];

/** A payment as the payment flow writes it: its columns of PaymentRow, the card and the message always there. */
export type NewPayment = Pick<PaymentRow, keyof typeof paymentColumnTypes> & {
  status: StoredStatus;
  card_brand: string;
  last_four: string;
  card_fingerprint: string;
  response_message: string;
};

/**
 * A payment that becomes paid for a checkout claims it: an update that moves the checkout from
 * payable (pending, or cancelled by a closed widget) to completed, which only one payment can win
 * under any concurrency (a second waits for the first's row lock, then finds it completed). A
 * paid payment that loses the claim, because another paid the checkout first or the checkout
 * failed, is stored as `voided` with VOIDED_MESSAGE: nothing charged, nothing credited. Migration
 * 015's unique index refuses a second paid payment for a checkout should anything get past this.
 * The claim CTE is `claim`, over a relation `payments` (transaction_id, checkout_reference,
 * status) of the payments the statement may make paid; `voided` is the test for one of them.
 */
const claimCte = (statusesParam: string) => `claim as (
       update checkouts c set status = 'completed', transaction_id = payments.transaction_id, updated_at = now()
         from payments
        where c.reference = payments.checkout_reference and payments.status = any(${statusesParam}::text[])
          and c.status in ('pending', 'cancelled')
       returning c.transaction_id, c as checkout
     )`;
const voided = (payment: string, statusesParam: string) => `(${payment}.checkout_reference is not null
       and ${payment}.status = any(${statusesParam}::text[])
       and not exists (select 1 from claim where claim.transaction_id = ${payment}.transaction_id))`;

/** Why a voided payment was not charged (payer page and back office). */
export const VOIDED_MESSAGE = 'This checkout was already paid or has closed, so this payment was voided. You were not charged.';

/**
 * The webhook events of the rows the statement wrote (`changed.written`, the whole row) and of
 * the checkouts they claimed, into the outbox (migration 018) by the same statement: an event is
 * there exactly when its change is. One insert for the statement; the types come from
 * paymentEventTypes and checkoutEventTypes (shared/src/schemas/webhooks.ts), the objects from the
 * database's payment_object and checkout_object (migrations 019 and 022), as the read API answers
 * them.
 */
const eventsCte = `events as (
       insert into webhook_events (id, type, object)
       select new_event_id(), e.type, e.object from (
         select ${eventTypeSql(paymentEventTypes, 'changed.status')} as type, payment_object(changed.written) as object
           from changed
         union all
         select ${eventTypeSql(checkoutEventTypes, '(claim.checkout).status')}, checkout_object(claim.checkout, changed.written)
           from claim join changed on changed.transaction_id = claim.transaction_id
       ) e
       where e.type is not null
     )`;

/**
 * The ledger credit of the payments that have just become paid and the events of every row written,
 * as CTEs over `changed` (the rows as the statement wrote them: their RETURNING of paidColumns).
 * One statement with the rows' own write and the checkout's claim, so all of it is all or nothing
 * without a transaction.
 */
const paidColumns = 't.transaction_id, t.checkout_reference, t.status, t.amount_cents, t.fee_cents, t as written';
const creditCtes = (statusesParam: string) => `paid as (
       select transaction_id, amount_cents, fee_cents from changed where status = any(${statusesParam}::text[])
     ), ${creditPaidCtes}, ${eventsCte}`;

const storedColumns = [...paymentColumns, 'result'];
const storedTypes = [...Object.values(paymentColumnTypes), 'jsonb'];

/** What a column stores when its payment is voided; the others store what the payment says. */
const whenVoided: Partial<Record<(typeof storedColumns)[number], string>> = {
  status: `'voided'`,
  response_message: '$VOIDED_MESSAGE',
  fee_cents: '0',
  net_cents: '0',
  // A voided payment's answer is its row as it stands (processCardTransaction asks requery).
  result: 'null',
};

/**
 * The statement storing `count` payments: their rows as VALUES, one statement text per count. Not
 * unnest over one array per column: PostgreSQL plans a parameter array for 10 items, so that
 * plan looks dearer than one planned for the actual items, and it would plan the statement again
 * on every run (server/test/prepared-statements.postgres.test.ts). A payment is stored only if
 * its initialisation agrees (the same order, card and checkout, PROCEED, and unless the caller has
 * read the pool, a card outside the issuer's pool), and only once per transaction id.
 */
const storePaymentsTexts: string[] = [];
const storePaymentsSql = (count: number): string => (storePaymentsTexts[count] ??= storePaymentsText(count));
function storePaymentsText(count: number): string {
  const rows = Array.from(
    { length: count },
    (_, row) => `(${storedTypes.map((type, i) => `$${row * storedTypes.length + i + 1}::${type}`).join(', ')})`,
  );
  const after = count * storedTypes.length;
  const [statuses, poolRead, message] = [`$${after + 1}`, `$${after + 2}`, `$${after + 3}::text`];
  const values = storedColumns.map((column) => {
    const instead = whenVoided[column]?.replace('$VOIDED_MESSAGE', message);
    return instead ? `case when v.voided then ${instead} else payments.${column} end` : `payments.${column}`;
  });
  return prepared(`with payments as (
       select p.* from (values ${rows.join(', ')}) as p(${storedColumns.join(', ')})
       join card_initializations i on i.transaction_id = p.transaction_id
       where i.order_id = p.order_id and i.card_fingerprint = p.card_fingerprint
         and i.checkout_reference is not distinct from p.checkout_reference and i.recommendation = 'PROCEED'
         and (${poolRead}::boolean or not exists (select 1 from pool_cards pc where pc.fingerprint = i.card_fingerprint))
         and not exists (select 1 from transactions t where t.transaction_id = p.transaction_id)
     ), ${claimCte(statuses)}, changed as (
       insert into transactions as t (${storedColumns.join(', ')})
       select ${values.join(', ')}
       from payments cross join lateral (select ${voided('payments', statuses)} as voided) v
       on conflict (transaction_id) do nothing
       returning ${paidColumns}
     ), ${creditCtes(statuses)}
     select transaction_id, status from changed`);
}

/** A payment to store and the answer it gets, kept for a retried request. */
interface PaymentToStore {
  row: NewPayment;
  answer: unknown;
}

/** How each payment stored was stored (its status, `voided` when it lost its checkout's claim), by transaction id. */
type StoredStatuses = Map<string, StoredStatus>;

/**
 * Stores new payments and, for those paid, their checkouts' claims and ledger credits, in one
 * statement (storePaymentsText). A transaction id processed already stores nothing: of any
 * number of concurrent duplicates exactly one stores.
 */
async function storePayments(db: Db, payments: PaymentToStore[], poolRead: boolean): Promise<StoredStatuses> {
  const values = payments.flatMap(({ row, answer }) => [...paymentColumns.map((column) => row[column]), JSON.stringify(answer)]);
  const rows = await db.query<{ transaction_id: string; status: StoredStatus }>(storePaymentsSql(payments.length), [
    ...values,
    SUCCESSFUL_STATUSES,
    poolRead,
    VOIDED_MESSAGE,
  ]);
  return new Map(rows.map((row) => [row.transaction_id, row.status]));
}

/** Stores a payment whose initialisation and pool the caller has read (storePayments): how it was stored, or undefined if it was not. */
export async function storePaymentOnce(db: Db, payment: NewPayment, firstAnswer: unknown): Promise<StoredStatus | undefined> {
  return (await storePayments(db, [{ row: payment, answer: firstAnswer }], true)).get(payment.transaction_id);
}

type Stored = { status: StoredStatus | undefined } | { error: unknown };

/** 22 parameters a payment: 100 keep a statement far below PostgreSQL's 65,535 parameters. */
const MAX_PAYMENTS_PER_STATEMENT = 100;

/**
 * Stores the pay form's payments that nobody has checked yet (storePayments checks the
 * initialisation and the pool itself), those that arrive together in one statement (batched).
 * Answers how the payment was stored, or undefined if it was not. A transaction id twice in one
 * batch goes once, the other is answered undefined (the whole way then finds the first answer).
 * A batch the database refuses goes again one payment at a time, so that one payer's payment
 * cannot fail another's.
 */
export function paymentWriter(db: Db): (payment: NewPayment, firstAnswer: unknown) => Promise<StoredStatus | undefined> {
  const store = batched(
    async (payments: PaymentToStore[]): Promise<Stored[]> => {
      const firstOfId = new Map<string, PaymentToStore>();
      for (const payment of payments) if (!firstOfId.has(payment.row.transaction_id)) firstOfId.set(payment.row.transaction_id, payment);
      const sent = [...firstOfId.values()];
      const answers = (outcome: (payment: PaymentToStore) => Stored) =>
        payments.map((payment) => (firstOfId.get(payment.row.transaction_id) === payment ? outcome(payment) : { status: undefined }));
      try {
        const stored = await storePayments(db, sent, false);
        return answers(({ row }) => ({ status: stored.get(row.transaction_id) }));
      } catch (error) {
        if (sent.length === 1) throw error;
        const alone = await Promise.allSettled(sent.map((payment) => storePayments(db, [payment], false)));
        const outcomes = new Map(
          sent.map((payment, i): [PaymentToStore, Stored] => {
            const result = alone[i]!;
            return [
              payment,
              result.status === 'fulfilled' ? { status: result.value.get(payment.row.transaction_id) } : { error: result.reason },
            ];
          }),
        );
        return answers((payment) => outcomes.get(payment)!);
      }
    },
    { max: MAX_PAYMENTS_PER_STATEMENT, inFlight: 2 },
  );
  return async (row, answer) => {
    const outcome = await store({ row, answer });
    if ('error' in outcome) throw outcome.error;
    return outcome.status;
  };
}

/** The answer given the first time this transaction id was processed; null for a voided payment, whose answer is its row. */
export async function firstAnswerOf(db: Db, transactionId: string): Promise<unknown> {
  const [row] = await db.query<{ result: unknown }>(prepared('select result from transactions where transaction_id = $1'), [transactionId]);
  return row?.result;
}

const findPaymentSql = `select ${Object.keys(paymentRowColumns).join(', ')} from transactions where transaction_id = $1`;
const findPaymentTexts = { read: prepared(findPaymentSql), lock: prepared(`${findPaymentSql} for update`) };

/** The payment of a transaction id, as it stands; `lock` holds its row until the transaction ends. */
export async function findPayment(db: Db, transactionId: string, lock = false): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(findPaymentTexts[lock ? 'lock' : 'read'], [transactionId]);
  return row;
}

/**
 * Settles a pending payment (challenge done, or the background job) and, if it is now paid, its
 * checkout's claim and ledger credit, in one statement; a payment that would be paid but loses
 * the claim is voided (claimCte). The row is locked first, so two settlements of one payment take
 * turns and the second finds it settled. Answers the status it settled to, undefined if it was
 * not pending.
 */
const settlePaymentSql = prepared(`with payments as (
       select transaction_id, checkout_reference, $2::text as status from transactions
        where transaction_id = $1 and status = 'pending' for update
     ), ${claimCte('$4')}, changed as (
       update transactions t set
         status = case when v.voided then 'voided' else $2 end,
         response_message = case when v.voided then $5 else $3 end,
         fee_cents = case when v.voided or $2 = 'failed' then 0 else t.fee_cents end,
         net_cents = case when v.voided or $2 = 'failed' then 0 else t.net_cents end,
         challenge = null, challenge_outcome = null, resolve_at = null, resolve_to = null, updated_at = now()
       from payments cross join lateral (select ${voided('payments', '$4')} as voided) v
       where t.transaction_id = payments.transaction_id
       returning ${paidColumns}
     ), ${creditCtes('$4')}
     select status from changed`);

export async function settlePayment(
  db: Db,
  transactionId: string,
  status: 'completed' | 'failed',
  message: string,
): Promise<StoredStatus | undefined> {
  const rows = await db.query<{ status: StoredStatus }>(settlePaymentSql, [
    transactionId,
    status,
    message,
    SUCCESSFUL_STATUSES,
    VOIDED_MESSAGE,
  ]);
  return rows[0]?.status;
}
