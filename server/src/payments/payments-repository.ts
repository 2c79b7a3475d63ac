import type { Db } from '../db/db';

export interface Initialization {
  transaction_id: string;
  order_id: string;
  checkout_reference: string | null;
  card_fingerprint: string;
  card_brand: string;
  last_four: string;
  recommendation: 'PROCEED' | 'DO_NOT_PROCEED';
}

export async function insertInitialization(db: Db, init: Initialization): Promise<void> {
  await db.query(
    `insert into card_initializations (transaction_id, order_id, checkout_reference, card_fingerprint, card_brand, last_four, recommendation)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [init.transaction_id, init.order_id, init.checkout_reference, init.card_fingerprint, init.card_brand, init.last_four, init.recommendation],
  );
}

export async function findInitialization(db: Db, transactionId: string): Promise<Initialization | undefined> {
  const [row] = await db.query<Initialization>(
    `select transaction_id, order_id, checkout_reference, card_fingerprint, card_brand, last_four, recommendation
     from card_initializations where transaction_id = $1`,
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
 * Inserts the payment unless this transaction id was processed already. Of any number of
 * concurrent duplicates exactly one inserts; the others get false and read the stored row.
 */
export async function insertPaymentOnce(db: Db, payment: PaymentRow, firstAnswer: unknown): Promise<boolean> {
  const placeholders = [...paymentColumns, 'result'].map((_, i) => `$${i + 1}`).join(', ');
  const rows = await db.query(
    `insert into transactions (${paymentColumns.join(', ')}, result) values (${placeholders})
     on conflict (transaction_id) do nothing returning id`,
    [...paymentColumns.map((column) => payment[column]), JSON.stringify(firstAnswer)],
  );
  return rows.length === 1;
}

/** The answer given the first time this transaction id was processed. */
export async function firstAnswerOf(db: Db, transactionId: string): Promise<unknown> {
  const [row] = await db.query<{ result: unknown }>('select result from transactions where transaction_id = $1', [transactionId]);
  return row?.result;
}

export async function findPayment(db: Db, transactionId: string, lock = false): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(
    `select ${paymentColumns.join(', ')} from transactions where transaction_id = $1${lock ? ' for update' : ''}`,
    [transactionId],
  );
  return row;
}

/** Settles a pending payment (challenge done, or the background job); false if it was not pending. */
export async function settlePayment(db: Db, transactionId: string, status: 'completed' | 'failed', message: string): Promise<boolean> {
  const rows = await db.query(
    `update transactions set status = $2, response_message = $3,
       fee_cents = case when $2 = 'failed' then 0 else fee_cents end,
       net_cents = case when $2 = 'failed' then 0 else net_cents end,
       challenge = null, challenge_outcome = null, resolve_at = null, resolve_to = null, updated_at = now()
     where transaction_id = $1 and status = 'pending' returning id`,
    [transactionId, status, message],
  );
  return rows.length === 1;
}
