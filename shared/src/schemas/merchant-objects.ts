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

/** Why the cardholder's bank disputes a payment, in Stripe's words. */
export const disputeReasons = [
  'fraudulent',
  'duplicate',
  'product_not_received',
  'product_unacceptable',
  'subscription_canceled',
  'credit_not_processed',
  'general',
] as const;
export const disputeReason = z.enum(disputeReasons);
export type DisputeReason = z.infer<typeof disputeReason>;

/**
 * A dispute's statuses, as Stripe names them: `warning_…` for an inquiry, which moves no money
 * until it becomes a dispute or closes; `needs_response` and `under_review` for a dispute whose
 * amount and fee have left the balance; `won`, `lost` and `warning_closed` end it.
 */
export const disputeStatuses = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;
export const disputeStatus = z.enum(disputeStatuses);
export type DisputeStatus = z.infer<typeof disputeStatus>;

/** The statuses of an open dispute: a payment has at most one (migration 036's partial unique index). */
export const openDisputeStatuses = [
  'warning_needs_response',
  'warning_under_review',
  'needs_response',
  'under_review',
] as const satisfies readonly DisputeStatus[];

/** Evidence given as text, as Stripe names the fields. */
export const disputeEvidenceTextFields = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_tracking_number',
  'uncategorized_text',
] as const;
/** Evidence given as a file uploaded with POST /api/files (purpose `dispute_evidence`), by its id. */
export const disputeEvidenceFileFields = [
  'cancellation_policy',
  'customer_communication',
  'customer_signature',
  'duplicate_charge_documentation',
  'receipt',
  'refund_policy',
  'service_documentation',
  'shipping_documentation',
  'uncategorized_file',
] as const;
export const disputeEvidenceFields = [...disputeEvidenceTextFields, ...disputeEvidenceFileFields] as const;
export type DisputeEvidenceField = (typeof disputeEvidenceFields)[number];

/** One schema for each of `keys`, keeping the keys' names in the object's type. */
const fieldsOf = <K extends string, T extends z.ZodType>(keys: readonly K[], schema: T) =>
  Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, T>;

/** Every evidence field, null when not given. */
export const disputeEvidence = z.object(fieldsOf(disputeEvidenceFields, z.string().nullable()));
export type DisputeEvidence = z.infer<typeof disputeEvidence>;

export const disputeObject = z.object({
  object: z.literal('dispute'),
  id: z.string(),
  /** The disputed payment. */
  transaction_id: z.string(),
  amount: money,
  /** The dispute fee taken from the balance with the amount (0.00 while it is an inquiry). */
  fee: money,
  currency: z.literal('USD'),
  reason: disputeReason,
  status: disputeStatus,
  evidence: disputeEvidence,
  evidence_details: z.object({
    /** The last moment evidence is taken; an unanswered dispute is lost then, an unanswered inquiry becomes a dispute. */
    due_by: isoDateTime,
    /** Some evidence is saved or submitted. */
    has_evidence: z.boolean(),
    /** The due date passed with no evidence submitted. */
    past_due: z.boolean(),
    /** How many times evidence was submitted (once an inquiry's, once a dispute's at most). */
    submission_count: z.number().int(),
  }),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type DisputeObject = z.infer<typeof disputeObject>;

export const filePurposes = ['dispute_evidence'] as const;
export const filePurpose = z.enum(filePurposes);
export const fileTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;

/** A file uploaded with POST /api/files: its bytes stay on the server, evidence names it by id. */
export const fileObject = z.object({
  object: z.literal('file'),
  id: z.string(),
  purpose: filePurpose,
  /** The name it was sent with, without any folder. */
  filename: z.string(),
  /** The type its bytes show, whatever the name or the part's header said. */
  type: z.enum(fileTypes),
  size: z.number().int(),
  created_at: isoDateTime,
});
export type FileObject = z.infer<typeof fileObject>;
