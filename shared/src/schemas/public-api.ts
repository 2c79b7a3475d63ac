import { z } from 'zod';
import { checkoutStatus } from './checkout';
import { atLeastOneCent } from './common';

/**
 * The public calls of the payer flow (spec point 7). Each carries the publishable key as a
 * bearer credential; the card endpoints carry the sealed envelope of crypto/envelope.ts in `data`.
 */

/** GET /api/public/config: what a payer page needs at run time (never a literal in a bundle). */
export const publicConfig = z.object({
  publishableKey: z.string(),
  /** 64 hex characters: the envelope key of this deployment. */
  envelopeKey: z.string().regex(/^[0-9a-f]{64}$/),
  supportEmail: z.string(),
  /** Origin that hosts the issuer's 3-D Secure challenge; messages are accepted only from it. */
  challengeOrigin: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** Envelope of every public answer. */
export const publicAnswer = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.enum(['success', 'error']), message: z.string(), data: data.optional() });

/** GET /api/checkout/validate/{reference}: data is the sealed checkout request. */
export const validateCheckoutResponse = publicAnswer(z.string());

/** POST /api/update-checkout-status */
export const updateCheckoutStatusRequest = z.object({
  reference: z.string().min(1).max(64),
  status: checkoutStatus,
  transaction_id: z.string().max(64).optional(),
});

/** POST /api/initialize-card-transaction */
export const initializeCardTransactionRequest = z.object({
  card_number: z.string().regex(/^\d{13,19}$/, 'Invalid card number'),
  currency: z.literal('USD'),
  reference: z.string().max(64).nullable(),
});
export const gatewayRecommendations = ['PROCEED', 'DO_NOT_PROCEED'] as const;
export const initializeCardTransactionResponse = publicAnswer(
  z.object({ gatewayRecommendation: z.enum(gatewayRecommendations), transactionId: z.string(), orderId: z.string() }),
);

/** POST /api/process-card-transaction: data in and out are sealed envelopes. */
export const processCardTransactionRequest = z.object({ data: z.string().min(1).max(16_384) });
export const processCardTransactionResponse = publicAnswer(z.string());

/** POST /api/demo-3ds/complete: the demo modal reports its simulated outcome (spec point 2). */
export const demoThreeDsRequest = z.object({ transaction_id: z.string().min(1).max(64), success: z.boolean() });

/** Messages the hosted widget posts to the merchant's window (spec point 4). */
export const widgetMessageTypes = ['PAYMENT_SUCCESS', 'PAYMENT_PENDING', 'PAYMENT_CANCELLED'] as const;
export const widgetMessage = z.object({
  type: z.enum(widgetMessageTypes),
  reference: z.string(),
  transaction_id: z.string().optional(),
});
export type WidgetMessage = z.infer<typeof widgetMessage>;

/** The message the sandbox issuer's challenge page posts to the payer page when it is done. */
export const challengeMessage = z.object({ type: z.literal('3DS_CHALLENGE_COMPLETE'), transaction_id: z.string() });

/** How deeply a JSON value nests, found without recursion (a hostile value may nest 10,000 deep). */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [next, depth] = pending.pop()!;
    if (next === null || typeof next !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const inner of Object.values(next)) pending.push([inner, depth + 1]);
  }
  return deepest;
}
/** The merchant's own data on a checkout: stored as it is and handed back, so bounded (deeper values would overflow the server's JSON). */
export const METADATA_MAX_DEPTH = 10;
export const METADATA_MAX_CHARS = 16_384;

/** POST /api/checkout (merchant, secret key): creates a checkout reference. */
export const createCheckoutRequest = z.object({
  first_name: z.string().trim().min(1).max(80),
  last_name: z.string().trim().min(1).max(80),
  email: z.string().trim().email().max(254),
  phone: z.string().trim().min(1).max(32),
  amount: z.number().positive().multipleOf(0.01).max(1_000_000).refine(atLeastOneCent, 'The amount must be at least 0.01'),
  metadata: z
    .record(z.string(), z.unknown())
    .refine((value) => jsonDepth(value) <= METADATA_MAX_DEPTH && JSON.stringify(value).length <= METADATA_MAX_CHARS, 'metadata must be a JSON object of at most 10 levels and 16 KB')
    .optional()
    .default({}),
  callback_url: z
    .string()
    .url()
    .max(2048)
    .refine((u) => /^https?:\/\//i.test(u), 'callback_url must be an http or https address')
    .optional(),
});
export const createCheckoutResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: z.object({ reference: z.string(), checkout_url: z.string() }),
});

/**
 * The processor whose `pending_3d` answers carry a redirect form (response code S0, spec point 4).
 * Its `redirectHtml` is one <form method="post"> to the issuer's challenge page; the payer page
 * parses it inertly, submits it into a sandboxed frame after 1 s, and waits for challengeMessage.
 */
export const CHALLENGE_PROCESSOR = 'sandbox-acs';
export const CHALLENGE_REDIRECT_CODE = 'S0';
/** `response_content.data.type` of a payment that wants the demo 3-D Secure modal instead. */
export const DEMO_THREE_DS_TYPE = 'demo_3ds';
