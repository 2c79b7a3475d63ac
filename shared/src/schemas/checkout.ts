// zod/mini (tree-shaken, a few KB) rather than zod: the checkout widget parses these before its
// Pay button shows. The server validates with the same schemas.
import { z } from 'zod/mini';

export const checkoutStatuses = ['pending', 'completed', 'failed', 'cancelled'] as const;
export const checkoutStatus = z.enum(checkoutStatuses);
export type CheckoutStatus = z.infer<typeof checkoutStatus>;

const httpUrl = z.url().check(
  z.maxLength(2048),
  z.refine((u) => /^https?:\/\//i.test(u), 'callback_url must be an http or https address'),
);

/** The checkout request (DATA-01, CHK-01, CHK-03), as a merchant creates it and the widget validates it. */
export const checkoutRequest = z.object({
  reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  amount: z.number(),
  metadata: z.record(z.string(), z.unknown()),
  callback_url: z.nullable(httpUrl),
  status: z._default(checkoutStatus, 'pending'),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/** Card entry (DATA-02). */
export const cardEntry = z.object({ card_number: z.string(), expiry: z.string(), cvv: z.string() });
export type CardEntry = z.infer<typeof cardEntry>;
