import { z } from 'zod';

/**
 * What the payment flow hands to a result page in the navigation state. History state crosses a
 * boundary (a reload, a bookmark, another tab), so pages parse it before they trust it.
 */
export const resultState = z.object({
  transactionId: z.string().min(1),
  amount: z.union([z.string(), z.number()]),
  date: z.string().optional(),
  reason: z.string().optional(),
  message: z.string().optional(),
  status: z.enum(['completed', 'pending']).optional(),
});
export type ResultState = z.infer<typeof resultState>;

export function readResultState(state: unknown): ResultState | null {
  const parsed = resultState.safeParse(state);
  return parsed.success ? parsed.data : null;
}
