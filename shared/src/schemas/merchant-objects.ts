import { z } from 'zod';
import { isoDateTime, money } from './common';
import { transactionStatus } from './transaction-status';
import { withdrawalStatus } from './wallet';

/**
 * The objects of the merchant API (secret key) as the API answers them and as webhook events
 * carry them (`data.object`): one shape for each, whichever way a merchant reads it. Money is the
 * wire's decimal string in USD; times are ISO 8601 with an offset. The database builds them
 * (payment_object, checkout_object, refund_object and withdrawal_object, migrations 019 and 022),
 * so the payment's one statement can write its events; server/test/merchant-objects.test.ts parses
 * what they build, for every status, with these schemas (docs/decisions/merchant-objects-defined-in-typescript.md).
 */
export const refundReasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'other'] as const;
export const refundReason = z.enum(refundReasons);
export type RefundReason = z.infer<typeof refundReason>;

export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export const refundStatus = z.enum(refundStatuses);
export type RefundStatus = z.infer<typeof refundStatus>;

export const refundObject = z.object({
  object: z.literal('refund'),
  id: z.string(),
  transaction_id: z.string(),
  amount: money,
  currency: z.literal('USD'),
  status: refundStatus,
  reason: refundReason,
  note: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** Who asked: a staff member's e-mail, or `api` for the merchant API. */
  requested_by: z.string(),
  created_at: isoDateTime,
  settled_at: isoDateTime.nullable(),
});
export type RefundObject = z.infer<typeof refundObject>;

export const paymentObject = z.object({
  object: z.literal('payment'),
  id: z.string(),
  order_id: z.string(),
  checkout_reference: z.string().nullable(),
  status: transactionStatus,
  amount: money,
  fee: money,
  net: money,
  amount_refunded: money,
  currency: z.literal('USD'),
  card: z.object({ brand: z.string(), last4: z.string() }),
  message: z.string(),
  refunds: z.array(refundObject),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type PaymentObject = z.infer<typeof paymentObject>;

export const checkoutStatuses = ['pending', 'completed', 'failed', 'cancelled'] as const;
export const checkoutStatus = z.enum(checkoutStatuses);
export type CheckoutStatus = z.infer<typeof checkoutStatus>;

export const checkoutObject = z.object({
  object: z.literal('checkout'),
  reference: z.string(),
  status: checkoutStatus,
  amount: money,
  currency: z.literal('USD'),
  customer: z.object({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string() }),
  metadata: z.record(z.string(), z.unknown()),
  callback_url: z.string().nullable(),
  /** The payment that paid it, or null. */
  transaction_id: z.string().nullable(),
  payments: z.array(z.object({ id: z.string(), status: transactionStatus, amount: money, created_at: isoDateTime })),
  amount_refunded: money,
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type CheckoutObject = z.infer<typeof checkoutObject>;

/** The object of withdrawal events: the bank account by its last four digits only. */
export const withdrawalObject = z.object({
  object: z.literal('withdrawal'),
  id: z.string(),
  amount: money,
  currency: z.literal('USD'),
  status: withdrawalStatus,
  failure_reason: z.string().nullable(),
  bank_name: z.string(),
  account_last4: z.string(),
  created_at: isoDateTime,
  processed_at: isoDateTime.nullable(),
});
export type WithdrawalObject = z.infer<typeof withdrawalObject>;
