import { z } from 'zod';

export const checkoutStatuses = ['pending', 'completed', 'failed', 'cancelled'] as const;
export const checkoutStatus = z.enum(checkoutStatuses);
export type CheckoutStatus = z.infer<typeof checkoutStatus>;

const httpUrl = z
  .string()
  .url()
  .max(2048)
  .refine((u) => /^https?:\/\//i.test(u), 'callback_url must be an http or https address');

/** The checkout request of point 3, as a merchant creates it and the widget validates it. */
export const checkoutRequest = z.object({
  reference: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  amount: z.number(),
  metadata: z.record(z.string(), z.unknown()),
  callback_url: httpUrl.nullable(),
  status: checkoutStatus.default('pending'),
});
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/** Card entry (point 3). */
export const cardEntry = z.object({ card_number: z.string(), expiry: z.string(), cvv: z.string() });
export type CardEntry = z.infer<typeof cardEntry>;
