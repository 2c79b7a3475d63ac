import { prepared, type Db } from '../db/db';

export interface CheckoutRow {
  reference: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  amount_cents: number;
  metadata: Record<string, unknown>;
  callback_url: string | null;
  status: 'pending' | 'completed' | 'failed' | 'cancelled';
  transaction_id: string | null;
}

export type NewCheckout = Omit<CheckoutRow, 'status' | 'transaction_id'>;

const columns = 'reference, first_name, last_name, email, phone, amount_cents, metadata, callback_url, status, transaction_id';

export async function insertCheckout(db: Db, checkout: NewCheckout): Promise<void> {
  await db.query(
    prepared(`insert into checkouts (reference, first_name, last_name, email, phone, amount_cents, metadata, callback_url)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`),
    [checkout.reference, checkout.first_name, checkout.last_name, checkout.email, checkout.phone, checkout.amount_cents, JSON.stringify(checkout.metadata), checkout.callback_url],
  );
}

export async function findCheckout(db: Db, reference: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.query<CheckoutRow>(prepared(`select ${columns} from checkouts where reference = $1`), [reference]);
  return row;
}

/** Records what the payer page reports; a completed checkout never goes back. */
export async function setCheckoutStatus(db: Db, reference: string, status: CheckoutRow['status'], transactionId?: string): Promise<boolean> {
  const rows = await db.query(
    prepared(`update checkouts set status = $2, transaction_id = coalesce($3, transaction_id), updated_at = now()
     where reference = $1 and status <> 'completed' returning reference`),
    [reference, status, transactionId ?? null],
  );
  return rows.length > 0;
}
