// The public calls of the payer flow (API-02), in zod/mini: the payer pages parse these
// answers before the pay form or widget is usable, and full zod alone is about 87 KB gzip. Each
// call carries the publishable key as a bearer credential; the card endpoints carry the sealed
// envelope of crypto/envelope.ts in `data`. The server validates with the same schemas (through
// public-api.ts, which also holds the merchant API).
import { z } from 'zod/mini';
import { checkoutStatus } from './checkout';

/** GET /api/public/config: what a payer page needs at run time (never a literal in a bundle). */
export const publicConfig = z.object({
  publishableKey: z.string(),
  /** 64 hex characters: the envelope key of this deployment. */
  envelopeKey: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  supportEmail: z.string(),
  /** Origin that hosts the issuer's 3-D Secure challenge; messages are accepted only from it. */
  challengeOrigin: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** Envelope of every public answer. */
export const publicAnswer = <T extends z.ZodMiniType>(data: T) =>
  z.object({ status: z.enum(['success', 'error']), message: z.string(), data: z.optional(data) });

/** GET /api/checkout/validate/{reference}: data is the sealed checkout request. */
export const validateCheckoutResponse = publicAnswer(z.string());

const upTo = (max: number) => z.string().check(z.maxLength(max));

/** POST /api/update-checkout-status */
export const updateCheckoutStatusRequest = z.object({
  reference: z.string().check(z.minLength(1), z.maxLength(64)),
  status: checkoutStatus,
  transaction_id: z.optional(upTo(64)),
});

/** POST /api/initialize-card-transaction */
export const initializeCardTransactionRequest = z.object({
  card_number: z.string().check(z.regex(/^\d{13,19}$/, 'Invalid card number')),
  currency: z.literal('USD'),
  reference: z.nullable(upTo(64)),
});
export const gatewayRecommendations = ['PROCEED', 'DO_NOT_PROCEED'] as const;
export const initializeCardTransactionResponse = publicAnswer(
  z.object({ gatewayRecommendation: z.enum(gatewayRecommendations), transactionId: z.string(), orderId: z.string() }),
);

/** POST /api/process-card-transaction: data in and out are sealed envelopes. */
export const processCardTransactionRequest = z.object({ data: z.string().check(z.minLength(1), z.maxLength(16_384)) });
export const processCardTransactionResponse = publicAnswer(z.string());

/** The demo 3-D Secure code: six digits (VAL-09). */
export const DEMO_OTP_PATTERN = /^\d{6}$/;

/**
 * POST /api/demo-3ds/complete: the demo modal sends what the payer typed, and the sandbox issuer
 * on the server decides the outcome. `otp` is null when the payer cancelled or the time ran out.
 * Strict: an outcome chosen by the page (`success`) is refused, not ignored.
 */
export const demoThreeDsRequest = z.strictObject({
  transaction_id: z.string().check(z.minLength(1), z.maxLength(64)),
  otp: z.nullable(z.string().check(z.regex(DEMO_OTP_PATTERN, 'The code must be six digits'))),
});
export type DemoThreeDsRequest = z.infer<typeof demoThreeDsRequest>;

/** Messages the hosted widget posts to the merchant's window (CHK-06, CHK-07, CHK-09). */
export const widgetMessageTypes = ['PAYMENT_SUCCESS', 'PAYMENT_PENDING', 'PAYMENT_CANCELLED'] as const;
export const widgetMessage = z.object({
  type: z.enum(widgetMessageTypes),
  reference: z.string(),
  transaction_id: z.optional(z.string()),
});
export type WidgetMessage = z.infer<typeof widgetMessage>;

/** The message the sandbox issuer's challenge page posts to the payer page when it is done. */
export const challengeMessage = z.object({ type: z.literal('3DS_CHALLENGE_COMPLETE'), transaction_id: z.string() });

/**
 * The processor whose `pending_3d` answers carry a redirect form (response code S0, PAY-09).
 * Its `redirectHtml` is one <form method="post"> to the issuer's challenge page; the payer page
 * parses it inertly, submits it into a sandboxed frame after 1 s, and waits for challengeMessage.
 */
export const CHALLENGE_PROCESSOR = 'sandbox-acs';
export const CHALLENGE_REDIRECT_CODE = 'S0';
/** `response_content.data.type` of a payment that wants the demo 3-D Secure modal instead. */
export const DEMO_THREE_DS_TYPE = 'demo_3ds';
