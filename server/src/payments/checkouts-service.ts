import type { z } from 'zod';
import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import type { createCheckoutRequest, updateCheckoutStatusRequest } from '@paydesk/shared/schemas/public-api';
import type { Db } from '../db/db';
import { HttpError } from '../http/http-error';
import { findCheckout, insertCheckout, setCheckoutStatus } from './checkouts-repository';
import { decimalToCents } from '../http/wire-money';
import { newCheckoutReference } from './payment-ids';
import { findPayment } from './payments-repository';

/** POST /api/checkout (merchant, secret key): a reference and the widget address. */
export async function createCheckout(db: Db, body: z.infer<typeof createCheckoutRequest>, origin: string) {
  const reference = newCheckoutReference();
  await insertCheckout(db, {
    reference,
    first_name: body.first_name,
    last_name: body.last_name,
    email: body.email,
    phone: body.phone,
    amount_cents: decimalToCents(body.amount),
    metadata: body.metadata,
    callback_url: body.callback_url ?? null,
  });
  return { reference, checkout_url: `${origin}/checkout/${reference}` };
}

/** GET /api/checkout/validate/{reference}: the checkout request of point 3. */
export async function validateCheckout(db: Db, reference: string): Promise<CheckoutRequest> {
  const checkout = await findCheckout(db, reference);
  if (!checkout) throw new HttpError(404, 'Invalid reference');
  return {
    reference: checkout.reference,
    first_name: checkout.first_name,
    last_name: checkout.last_name,
    email: checkout.email,
    phone: checkout.phone,
    amount: checkout.amount_cents / 100,
    metadata: checkout.metadata,
    callback_url: checkout.callback_url,
    status: checkout.status,
  };
}

/**
 * The payer page reports a checkout's status (spec point 4). It is believed only where the
 * stored payment agrees: nobody marks a checkout completed without a completed payment.
 */
export async function reportCheckoutStatus(db: Db, report: z.infer<typeof updateCheckoutStatusRequest>): Promise<void> {
  const checkout = await findCheckout(db, report.reference);
  if (!checkout) throw new HttpError(404, 'Invalid reference');
  if (report.status !== 'cancelled') {
    const payment = report.transaction_id ? await findPayment(db, report.transaction_id) : undefined;
    if (!payment || payment.checkout_reference !== report.reference || payment.status !== report.status) {
      throw new HttpError(409, 'The status does not match the payment');
    }
  }
  await setCheckoutStatus(db, report.reference, report.status, report.transaction_id);
}
