import type { CheckoutObject, PaymentObject } from '@paydesk/shared/schemas/merchant-objects';
import { prepared, type Db } from '../db/db';
import { notFound } from '../errors/domain-error';

/**
 * The merchant API's objects, built by the database's payment_object and checkout_object
 * (migration 019): the same definition as the objects webhook events carry.
 */
export async function paymentObjectOf(db: Db, transactionId: string): Promise<PaymentObject> {
  const [row] = await db.query<{ object: PaymentObject }>(
    prepared('select payment_object(t) as object from transactions t where t.transaction_id = $1'),
    [transactionId],
  );
  if (row) return row.object;
  throw notFound(
    transactionId.startsWith('chk_')
      ? `${transactionId} is a checkout reference: read it at GET /api/checkout/{reference}`
      : `No payment with transaction id ${transactionId}`,
  );
}

export async function checkoutObjectOf(db: Db, reference: string): Promise<CheckoutObject> {
  const [row] = await db.query<{ object: CheckoutObject }>(
    prepared('select checkout_object(c) as object from checkouts c where c.reference = $1'),
    [reference],
  );
  if (row) return row.object;
  throw notFound(
    reference.startsWith('chk_')
      ? `No checkout with reference ${reference}`
      : `${reference} is not a checkout reference (they start with chk_); a payment is read at GET /api/payments/{transaction_id}`,
  );
}
