import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * Webhooks: what a merchant's system hears, and the back office's calls that manage endpoints
 * (`/api/backend/webhooks`, permission developers.manage).
 */
export const eventTypes = [
  'checkout.completed',
  'payment.succeeded',
  'payment.failed',
  'payment.pending',
  'payment.voided',
  'refund.created',
  'refund.succeeded',
  'refund.failed',
  'withdrawal.completed',
  'withdrawal.failed',
] as const;
export const eventType = z.enum(eventTypes);
export type EventType = z.infer<typeof eventType>;

/**
 * The body POSTed to an endpoint, and an entry of the event list: `data.object` is the object
 * (merchant-objects.ts, or a withdrawal) as it was when the event happened.
 */
export const webhookEvent = z.object({
  id: z.string(),
  type: eventType,
  /** Unix seconds. */
  created: z.number().int(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** Header of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, one v1 per live secret. */
export const SIGNATURE_HEADER = 'Paydesk-Signature';

export const endpointStatus = z.enum(['enabled', 'disabled', 'failing']);

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(eventType),
  enabled: z.boolean(),
  /** `failing` after repeated failed attempts (deliveries go on); back to `enabled` at the first success. */
  status: endpointStatus,
  /** Until when the previous secret still signs too (after a roll), or null. */
  previous_secret_expires_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const endpointUrl = z
  .string()
  .trim()
  .url()
  .max(2048)
  .refine((u) => /^https?:\/\//i.test(u), 'url must be an http or https address');

export const createEndpointRequest = z.object({
  url: endpointUrl,
  description: z.string().trim().max(200).optional(),
  event_types: z.array(eventType).min(1, 'Choose at least one event type'),
  enabled: z.boolean().optional().default(true),
});
export const updateEndpointRequest = createEndpointRequest.partial();

/** The signing secret (`whsec_…`) is in this answer only: it is never shown again. */
export const endpointWithSecret = z.object({ endpoint: webhookEndpoint, secret: z.string() });

/** Rolling: the old secret keeps signing for `grace_hours` (0 ends it now, at most 7 days). */
export const rollSecretRequest = z.object({ grace_hours: z.number().int().min(0).max(168) });

export const deliveryAttempt = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: eventType,
  attempt: z.number().int(),
  /** `succeeded` (2xx), `failed` (anything else, a timeout, a refused address); `pending` while due. */
  status: z.enum(['pending', 'succeeded', 'failed']),
  response_status: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  /** The first KB of the answer, or why there was none. */
  response_body: z.string().nullable(),
  attempted_at: isoDateTime.nullable(),
  next_retry_at: isoDateTime.nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttempt>;

export const resendRequest = z.object({ endpoint_id: z.string() });

/** `?page&limit` of the webhook lists (events, an endpoint's attempts); answers use the paginated wrapper. */
export const webhookPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** `from`/`to`: a date (`2026-05-01`, from its start to its end in UTC) or a date-time with an offset. */
const dateOrTime = z.union([isoDateTime, z.iso.date()]);
export const eventListQuery = webhookPageQuery.extend({
  type: eventType.optional(),
  from: dateOrTime.optional(),
  to: dateOrTime.optional(),
});
export type EventListQuery = z.infer<typeof eventListQuery>;
