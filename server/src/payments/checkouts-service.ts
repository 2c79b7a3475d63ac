import type { z } from 'zod';
import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import type { createCheckoutRequest, updateCheckoutStatusRequest } from '@paydesk/shared/schemas/public-api';
import { centsToNumber, numberToCents } from '@paydesk/shared/money';
import type { Db } from '../db/db';
import { conflict, notFound } from '../errors/domain-error';
import { cancelCheckout, findCheckout, insertCheckout, reopenCheckout } from './checkouts-repository';
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
    amount_cents: numberToCents(body.amount),
    metadata: body.metadata,
    callback_url: body.callback_url ?? null,
  });
  return { reference, checkout_url: `${origin}/checkout/${reference}` };
}

/** GET /api/checkout/validate/{reference}: the checkout request (CHK-03, DATA-01). */
export async function validateCheckout(db: Db, reference: string): Promise<CheckoutRequest> {
  const checkout = await findCheckout(db, reference);
  if (!checkout) throw notFound('Invalid reference');
  return {
    reference: checkout.reference,
    first_name: checkout.first_name,
    last_name: checkout.last_name,
    email: checkout.email,
    phone: checkout.phone,
    amount: centsToNumber(checkout.amount_cents),
    metadata: checkout.metadata,
    callback_url: checkout.callback_url,
    status: checkout.status,
  };
}

/**
 * The payer page reports a checkout's status (the widget's close, the receipt's confirmation).
 * Only the checkout's own moves are taken: a payable checkout may be cancelled; `completed` and
 * `pending` are believed only for a payment of this checkout that the database holds as such
 * (the payment itself completes its checkout: the report only confirms it); a declined card
 * leaves the checkout payable, so `failed` is never taken from a page. A completed or failed
 * checkout never moves again. A report that changes nothing, or is refused, is a 409 that says
 * why.
 */
export async function reportCheckoutStatus(db: Db, report: z.infer<typeof updateCheckoutStatusRequest>): Promise<void> {
  const checkout = await findCheckout(db, report.reference);
  if (!checkout) throw notFound('Invalid reference');
  if (checkout.status === 'failed') throw conflict('This payment has failed');
  if (report.status === 'failed') throw conflict('A declined payment leaves the checkout payable');
  if (report.status === 'cancelled') {
    if (checkout.status === 'completed') throw conflict('This payment has already been completed');
    if (!(await cancelCheckout(db, report.reference))) throw conflict('This checkout is already cancelled');
    return;
  }
  const payment = report.transaction_id ? await findPayment(db, report.transaction_id) : undefined;
  if (!payment || payment.checkout_reference !== report.reference) throw conflict('This transaction is not a payment of this checkout');
  if (payment.status !== report.status) throw conflict('The status does not match the payment');
  if (report.status === 'completed') {
    if (checkout.transaction_id !== payment.transaction_id) throw conflict('The status does not match the payment');
    return;
  }
  if (checkout.status === 'completed') throw conflict('This payment has already been completed');
  await reopenCheckout(db, report.reference);
}
