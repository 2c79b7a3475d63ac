import { disputeEvidenceUpdate, type DisputeEvidenceUpdate } from '@paydesk/shared/schemas/dispute';
import {
  disputeEvidenceFields,
  disputeEvidenceFileFields,
  disputeEvidenceTextFields,
  type DisputeEvidence,
  type DisputeEvidenceField,
  type DisputeReason,
} from '@paydesk/shared/schemas/merchant-objects';

export type TextField = (typeof disputeEvidenceTextFields)[number];
export type FileField = (typeof disputeEvidenceFileFields)[number];

/** Each evidence field in words, as Stripe's dashboard names them. */
export const evidenceLabels: Record<DisputeEvidenceField, string> = {
  access_activity_log: 'Access activity log',
  billing_address: 'Billing address',
  cancellation_policy_disclosure: 'How the cancellation policy was shown',
  cancellation_rebuttal: 'Why the subscription was not canceled',
  customer_email_address: 'Customer email',
  customer_name: 'Customer name',
  customer_purchase_ip: 'Customer IP address',
  duplicate_charge_explanation: 'Why the charges are not duplicates',
  duplicate_charge_id: 'The other charge',
  product_description: 'Product or service description',
  refund_policy_disclosure: 'How the refund policy was shown',
  refund_refusal_explanation: 'Why no refund was given',
  service_date: 'Service date',
  shipping_address: 'Shipping address',
  shipping_carrier: 'Shipping carrier',
  shipping_date: 'Shipping date',
  shipping_tracking_number: 'Tracking number',
  uncategorized_text: 'Additional information',
  cancellation_policy: 'Cancellation policy',
  customer_communication: 'Customer communication',
  customer_signature: 'Customer signature',
  duplicate_charge_documentation: 'Duplicate charge documentation',
  receipt: 'Receipt',
  refund_policy: 'Refund policy',
  service_documentation: 'Service documentation',
  shipping_documentation: 'Shipping documentation',
  uncategorized_file: 'Other file',
};

/** Texts that run over several lines; the others are one line (a name, an address on the web, a date). */
export const longTexts: ReadonlySet<TextField> = new Set<TextField>([
  'access_activity_log',
  'billing_address',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'duplicate_charge_explanation',
  'product_description',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'shipping_address',
  'uncategorized_text',
]);

const always: readonly DisputeEvidenceField[] = [
  'product_description',
  'customer_name',
  'customer_email_address',
  'uncategorized_text',
  'receipt',
  'customer_communication',
  'uncategorized_file',
];

/** What the issuer looks for first for each reason; the other fields are a click away. */
const byReason: Record<DisputeReason, readonly DisputeEvidenceField[]> = {
  fraudulent: ['billing_address', 'customer_purchase_ip', 'access_activity_log', 'customer_signature'],
  duplicate: ['duplicate_charge_id', 'duplicate_charge_explanation', 'duplicate_charge_documentation'],
  product_not_received: ['shipping_address', 'shipping_carrier', 'shipping_tracking_number', 'shipping_date', 'shipping_documentation'],
  product_unacceptable: ['refund_policy_disclosure', 'refund_refusal_explanation', 'refund_policy'],
  subscription_canceled: ['cancellation_policy_disclosure', 'cancellation_rebuttal', 'cancellation_policy'],
  credit_not_processed: ['refund_policy_disclosure', 'refund_refusal_explanation', 'refund_policy'],
  general: ['service_date', 'service_documentation'],
};

const isFileField = (field: DisputeEvidenceField): field is FileField => (disputeEvidenceFileFields as readonly string[]).includes(field);

/**
 * The fields in the order a person answers them: what was sold and to whom, how it reached them,
 * the policies, a duplicate, anything else last; the files in the same spirit.
 */
export const fieldOrder: readonly DisputeEvidenceField[] = [
  'product_description',
  'customer_name',
  'customer_email_address',
  'billing_address',
  'customer_purchase_ip',
  'access_activity_log',
  'service_date',
  'shipping_address',
  'shipping_carrier',
  'shipping_tracking_number',
  'shipping_date',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'duplicate_charge_id',
  'duplicate_charge_explanation',
  'uncategorized_text',
  'receipt',
  'customer_communication',
  'customer_signature',
  'shipping_documentation',
  'service_documentation',
  'refund_policy',
  'cancellation_policy',
  'duplicate_charge_documentation',
  'uncategorized_file',
];

/**
 * The fields the form shows, in `fieldOrder`: those suggested for the reason, those that hold
 * something, and with `all` every one of them.
 */
export function shownFields(
  reason: DisputeReason,
  values: EvidenceValues,
  all: boolean,
): { texts: readonly TextField[]; files: readonly FileField[] } {
  const suggested = new Set<DisputeEvidenceField>([...always, ...byReason[reason]]);
  const shown = fieldOrder.filter((field) => all || suggested.has(field) || values[field] !== '');
  return {
    texts: shown.filter((field): field is TextField => !isFileField(field)),
    files: shown.filter(isFileField),
  };
}

/** The form's values: every field as a text, '' when empty (a file field holds the file's id). */
export type EvidenceValues = Record<DisputeEvidenceField, string>;

export const valuesOf = (evidence: DisputeEvidence): EvidenceValues =>
  Object.fromEntries(disputeEvidenceFields.map((field) => [field, evidence[field] ?? ''])) as EvidenceValues;

/** The fields whose value differs from the saved one: what a save sends ('' clears a field). */
export function changedFields(saved: EvidenceValues, values: EvidenceValues): Partial<EvidenceValues> {
  return Object.fromEntries(disputeEvidenceFields.filter((field) => saved[field] !== values[field]).map((field) => [field, values[field]]));
}

/** How many fields hold something: what a submission sends to the issuer. */
export const filledCount = (values: EvidenceValues): { texts: number; files: number } => ({
  texts: disputeEvidenceTextFields.filter((field) => values[field].trim() !== '').length,
  files: disputeEvidenceFileFields.filter((field) => values[field] !== '').length,
});

/**
 * The changes checked with the API's own schema (the length of a text, no card number): the
 * update to send, or each refused field with the rule's words.
 */
export function checkChanges(
  changes: Partial<EvidenceValues>,
): { ok: true; evidence: DisputeEvidenceUpdate } | { ok: false; errors: Partial<Record<DisputeEvidenceField, string>> } {
  const parsed = disputeEvidenceUpdate.safeParse(changes);
  if (parsed.success) return { ok: true, evidence: parsed.data };
  const errors: Partial<Record<DisputeEvidenceField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DisputeEvidenceField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
