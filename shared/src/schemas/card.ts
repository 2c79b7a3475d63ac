import { z } from 'zod';

export const cardStatuses = ['active', 'blocked'] as const;
export const cardStatus = z.enum(cardStatuses);
export type CardStatus = z.infer<typeof cardStatus>;

/** A pooled card as the API returns it: the number masked, never a CVV (shown as •••). */
export const poolCard = z.object({
  id: z.number().int(),
  card_number: z.string(),
  cvv: z.literal('•••'),
  expiry_month: z.number().int().min(1).max(12),
  expiry_year: z.number().int(),
  status: cardStatus,
  failure_count: z.number().int().nullable(),
  created_at: z.string(),
  transactions: z.array(z.object({ created_at: z.string() })),
});
export type PoolCard = z.infer<typeof poolCard>;

export const cardStatusRequest = z.object({ status: cardStatus });
export const cardUploadColumns = ['Card Number', 'CVV', 'Expiry Month', 'Expiry Year'] as const;
