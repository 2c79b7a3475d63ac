import { z } from 'zod/mini';

/**
 * What the payment flow hands to a result page in the navigation state. History state crosses a
 * boundary (a reload, a bookmark, another tab), so pages parse it before they trust it.
 */
export const resultState = z.object({
  transactionId: z.string().check(z.minLength(1)),
  amount: z.union([z.string(), z.number()]),
  date: z.optional(z.string()),
  reason: z.optional(z.string()),
  message: z.optional(z.string()),
  status: z.optional(z.enum(['completed', 'pending'])),
});
export type ResultState = z.infer<typeof resultState>;

export function readResultState(state: unknown): ResultState | null {
  const parsed = resultState.safeParse(state);
  return parsed.success ? parsed.data : null;
}
