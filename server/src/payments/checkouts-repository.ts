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
    [
      checkout.reference,
      checkout.first_name,
      checkout.last_name,
      checkout.email,
      checkout.phone,
      checkout.amount_cents,
      JSON.stringify(checkout.metadata),
      checkout.callback_url,
    ],
  );
}

export async function findCheckout(db: Db, reference: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.query<CheckoutRow>(prepared(`select ${columns} from checkouts where reference = $1`), [reference]);
  return row;
}

/**
 * The payer closed the widget: a pending checkout becomes cancelled (and stays payable). Any other
 * status is not moved; answers whether it was.
 */
export async function cancelCheckout(db: Db, reference: string): Promise<boolean> {
  const rows = await db.query(
    prepared(
      `update checkouts set status = 'cancelled', updated_at = now() where reference = $1 and status = 'pending' returning reference`,
    ),
    [reference],
  );
  return rows.length > 0;
}

/** A payer came back to a cancelled checkout with a payment still in progress: it is pending again. */
export async function reopenCheckout(db: Db, reference: string): Promise<boolean> {
  const rows = await db.query(
    prepared(
      `update checkouts set status = 'pending', updated_at = now() where reference = $1 and status = 'cancelled' returning reference`,
    ),
    [reference],
  );
  return rows.length > 0;
}
