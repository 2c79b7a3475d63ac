import { z } from 'zod';
import { isoDateTime } from './common';
import type { CheckoutStatus, DisputeStatus, RefundStatus } from './merchant-objects';
import type { TransactionStatus } from './transaction-status';
import type { WithdrawalStatus } from './wallet';

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
  'dispute.created',
  'dispute.updated',
  'dispute.closed',
  'dispute.funds_withdrawn',
  'dispute.funds_reinstated',
  'withdrawal.completed',
  'withdrawal.failed',
] as const;
export const eventType = z.enum(eventTypes);
export type EventType = z.infer<typeof eventType>;

/**
 * The event a change to each status writes, one map per object (null: that status writes none).
 * The server takes event types from these maps only, the SQL of the payment's one statement
 * included (its CASE is made from paymentEventTypes), so a renamed event type, or a status added to
 * an object, does not compile until its map says what it writes.
 */
export const paymentEventTypes = {
  completed: 'payment.succeeded',
  success: 'payment.succeeded',
  failed: 'payment.failed',
  pending: 'payment.pending',
  voided: 'payment.voided',
  // Never written by a payment: a dispute tells of itself (disputeEventTypes), and a payment
  // refunded in full tells of it by its refund's refund.succeeded.
  disputed: null,
  refunded: null,
} as const satisfies Record<TransactionStatus, EventType | null>;

/** A checkout tells only that it was paid (claimed by its payment). */
export const checkoutEventTypes = {
  pending: null,
  completed: 'checkout.completed',
  failed: null,
  cancelled: null,
} as const satisfies Record<CheckoutStatus, EventType | null>;

/** A refund is created pending, then succeeds or fails. */
export const refundEventTypes = {
  pending: 'refund.created',
  succeeded: 'refund.succeeded',
  failed: 'refund.failed',
} as const satisfies Record<RefundStatus, EventType>;

/**
 * A dispute tells of every change of its status: `dispute.created` when it opens (as an inquiry or
 * a dispute), `dispute.closed` when it reaches won, lost or warning_closed, `dispute.updated` for
 * any other change (evidence saved or submitted, an inquiry become a dispute).
 */
export const disputeEventTypes = {
  warning_needs_response: 'dispute.updated',
  warning_under_review: 'dispute.updated',
  warning_closed: 'dispute.closed',
  needs_response: 'dispute.updated',
  under_review: 'dispute.updated',
  won: 'dispute.closed',
  lost: 'dispute.closed',
} as const satisfies Record<DisputeStatus, EventType>;

/** A dispute's money moves have events of their own, beside the change of status that makes them. */
export const disputeFundsEventTypes = {
  /** Opened as a dispute, or an inquiry become one: its amount and fee left the balance. */
  withdrawn: 'dispute.funds_withdrawn',
  /** Won: its amount came back (the fee does not). */
  reinstated: 'dispute.funds_reinstated',
} as const satisfies Record<string, EventType>;

/** The event of a dispute's first status. */
export const DISPUTE_OPENED_EVENT = 'dispute.created' satisfies EventType;

/** A withdrawal tells how it was settled. */
export const withdrawalEventTypes = {
  pending: null,
  completed: 'withdrawal.completed',
  failed: 'withdrawal.failed',
  cancelled: null,
} as const satisfies Record<WithdrawalStatus, EventType | null>;

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

/** The longest endpoint URL, as typed and as shown. */
export const MAX_ENDPOINT_URL = 2048;

/** Why a URL with `user:password@` is refused (HOOK-07): the dialog shows it beside the field. */
export const ENDPOINT_URL_CREDENTIALS_MESSAGE =
  'The URL may not hold a user name or password (user:password@host): the Paydesk-Signature header proves a delivery is from Paydesk';

const parsedUrl = (text: string): URL | undefined => {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
};

export const endpointUrl = z
  .string()
  .trim()
  .url()
  .max(MAX_ENDPOINT_URL)
  .refine((u) => /^https?:\/\//i.test(u), 'url must be an http or https address')
  .refine((u) => {
    const parsed = parsedUrl(u);
    return !parsed || (parsed.username === '' && parsed.password === '');
  }, ENDPOINT_URL_CREDENTIALS_MESSAGE);

/** What stands where an endpoint URL's hidden part was, as the back office and the audit trail show it. */
export const HIDDEN_URL_PART = '…redacted';

/** Whether the text holds the mark of a hidden part, as typed or percent-encoded (copied from a shown URL). */
export const holdsHiddenUrlPart = (text: string): boolean => text.includes(HIDDEN_URL_PART) || /%E2%80%A6redacted/i.test(text);

/** A query part as shown: `key=value` keeps its key, a part without `=` may be a bare token and goes whole, `key=` has nothing to hide. */
const shownQueryPart = (part: string): string => {
  const equals = part.indexOf('=');
  if (equals === -1) return part === '' ? part : HIDDEN_URL_PART;
  return equals === part.length - 1 ? part : `${part.slice(0, equals + 1)}${HIDDEN_URL_PART}`;
};

/**
 * An endpoint URL as anyone but the delivery sees it (HOOK-07): every query value, a fragment and
 * a `user:password@` (saved before it was refused) are replaced by HIDDEN_URL_PART, query keys
 * kept (`?token=…redacted&v=…redacted`). A URL with nothing to hide is returned as it is; a shown
 * URL is its own shown form.
 */
export function shownEndpointUrl(url: string): string {
  const parsed = parsedUrl(url);
  if (!parsed) return HIDDEN_URL_PART;
  const query = parsed.search && `?${parsed.search.slice(1).split('&').map(shownQueryPart).join('&')}`;
  const credentials = parsed.username !== '' || parsed.password !== '';
  if (!credentials && parsed.hash === '' && query === parsed.search) return url;
  const start = `${parsed.protocol}//${credentials ? `${HIDDEN_URL_PART}@` : ''}${parsed.host}`;
  const shown = `${start}${parsed.pathname}${query}${parsed.hash && `#${HIDDEN_URL_PART}`}`;
  // Replacing short values can lengthen a URL past what the field and the column hold: the path goes too.
  return shown.length <= MAX_ENDPOINT_URL ? shown : `${start}/${HIDDEN_URL_PART}`.slice(0, MAX_ENDPOINT_URL);
}

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
