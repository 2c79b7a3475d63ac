import { z } from 'zod';
import { paymentAmount } from './payment';

/**
 * The merchant API (POST /api/checkout, secret key), and through payer-api.ts the payer flow's
 * public calls, so the server finds every public schema here. The payer pages import payer-api.ts
 * itself: it is zod/mini, this file is full zod.
 */
// Named, not `export *`: the server runs this file through tsx as CommonJS, where Node finds
// only names it can see.
export {
  CHALLENGE_PROCESSOR,
  CHALLENGE_REDIRECT_CODE,
  DEMO_OTP_PATTERN,
  DEMO_THREE_DS_TYPE,
  challengeMessage,
  demoThreeDsRequest,
  gatewayRecommendations,
  initializeCardTransactionRequest,
  initializeCardTransactionResponse,
  processCardTransactionRequest,
  processCardTransactionResponse,
  publicAnswer,
  publicConfig,
  updateCheckoutStatusRequest,
  validateCheckoutResponse,
  widgetMessage,
  widgetMessageTypes,
} from './payer-api';
export type { DemoThreeDsRequest, PublicConfig, WidgetMessage } from './payer-api';

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
  amount: paymentAmount,
  metadata: z
    .record(z.string(), z.unknown())
    .refine(
      (value) => jsonDepth(value) <= METADATA_MAX_DEPTH && JSON.stringify(value).length <= METADATA_MAX_CHARS,
      'metadata must be a JSON object of at most 10 levels and 16 KB',
    )
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
