import { z } from 'zod';
import { containsCardNumber } from '../cards/card-number-text';
import { isoDateTime, withData } from './common';
import {
  disputeEvidenceFileFields,
  disputeEvidenceTextFields,
  disputeObject,
  disputeReason,
  disputeStatus,
  fileObject,
  filePurpose,
} from './merchant-objects';
import { paymentAmount } from './payment';
import { paginated } from './transaction';
import type { EventType } from './webhooks';

/** Evidence is shown to staff and kept with the dispute: never a card number (SEC-01). */
export const EVIDENCE_CARD_NUMBER = 'Evidence may not contain a card number: give the last four digits only';
/** The longest text of one evidence field (Stripe's limit). */
export const MAX_EVIDENCE_TEXT = 20_000;
/** The largest file POST /api/files takes. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export const disputeIdParams = z.object({ id: z.string().trim().min(1).max(64) });

/** A text field: an empty text clears it. */
const evidenceText = z
  .string()
  .trim()
  .max(MAX_EVIDENCE_TEXT, `An evidence field is at most ${MAX_EVIDENCE_TEXT} characters`)
  .refine((text) => !containsCardNumber(text), EVIDENCE_CARD_NUMBER);
/** A file field: the id of a file uploaded for dispute evidence; an empty text clears it. */
const evidenceFile = z
  .string()
  .trim()
  .regex(/^(file_[A-Za-z0-9]{16,40})?$/, 'A file field takes the id of a file uploaded with POST /api/files (file_…)');

const optionalFields = <K extends string, T extends z.ZodType>(keys: readonly K[], schema: T) =>
  Object.fromEntries(keys.map((key) => [key, schema.optional()])) as Record<K, z.ZodOptional<T>>;

/** The evidence fields given, each replacing what was saved; a field not named keeps its value, an unknown one is refused. */
export const disputeEvidenceUpdate = z
  .object({ ...optionalFields(disputeEvidenceTextFields, evidenceText), ...optionalFields(disputeEvidenceFileFields, evidenceFile) })
  .strict();
export type DisputeEvidenceUpdate = z.infer<typeof disputeEvidenceUpdate>;

/** POST /api/disputes/{id}: evidence saved, and submitted to the issuer with `submit: true` (then final). */
export const updateDisputeRequest = z.object({
  evidence: disputeEvidenceUpdate.optional(),
  submit: z.boolean().optional(),
});
export type UpdateDisputeRequest = z.infer<typeof updateDisputeRequest>;

/** Demo mode: staff open a dispute (or, with `inquiry`, an inquiry) on a successful payment. */
export const openDisputeRequest = z.object({
  reason: disputeReason,
  /** Defaults to what is left of the payment after its refunds. */
  amount: z.optional(paymentAmount),
  inquiry: z.boolean().optional(),
});
export type OpenDisputeRequest = z.infer<typeof openDisputeRequest>;

/** `from`/`to`: a date (`2026-05-01`, from its start to its end in UTC) or a date-time with an offset. */
const dateOrTime = z.union([isoDateTime, z.iso.date()]);

/** GET /api/disputes: newest first, filtered, paged as the webhook lists are. */
export const disputeListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  status: disputeStatus.optional(),
  transaction_id: z.string().trim().min(1).max(64).optional(),
  from: dateOrTime.optional(),
  to: dateOrTime.optional(),
});
export type DisputeListQuery = z.infer<typeof disputeListQuery>;

export const disputeResponse = withData(disputeObject);
export const disputeChangedResponse = z.object({ status: z.literal('success'), message: z.string(), data: disputeObject });
export const disputeListResponse = withData(paginated(disputeObject));

/** The multipart field that names the purpose of POST /api/files. */
export const fileUploadPurpose = filePurpose;
export const fileCreatedResponse = z.object({ status: z.literal('success'), message: z.string(), data: fileObject });

/** GET /api/backend/files/{id}: a file by its id (file_…). */
export const fileIdParams = z.object({ id: z.string().trim().min(1).max(64) });

/** The events a dispute writes about itself (DSP-12), the kinds of its timeline. */
export const disputeTimelineTypes = [
  'dispute.created',
  'dispute.updated',
  'dispute.closed',
  'dispute.funds_withdrawn',
  'dispute.funds_reinstated',
] as const satisfies readonly EventType[];

/**
 * One change of a dispute as its webhook event recorded it, in the transaction of the change: the
 * event's type and time, and the dispute's status, evidence and money after it. The events are
 * the dispute's history; the object itself keeps only its latest state.
 */
export const disputeTimelineEntry = z.object({
  type: z.enum(disputeTimelineTypes),
  created_at: isoDateTime,
  status: disputeStatus,
  has_evidence: z.boolean(),
  submission_count: z.number().int(),
  amount: disputeObject.shape.amount,
  fee: disputeObject.shape.fee,
});
export type DisputeTimelineEntry = z.infer<typeof disputeTimelineEntry>;
export const disputeTimelineResponse = withData(z.array(disputeTimelineEntry));
