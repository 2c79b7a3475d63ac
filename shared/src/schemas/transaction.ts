import { z } from 'zod';
import { money } from './common';
import { containsCardNumber } from '../cards/card-number-text';
import { refundObject } from './merchant-objects';
import { transactionStatus } from './transaction-status';

export { transactionStatus, transactionStatuses, type TransactionStatus } from './transaction-status';

export const providerKey = z.object({
  id: z.number().int(),
  provider_name: z.string(),
  key_name: z.string(),
});
export type ProviderKey = z.infer<typeof providerKey>;

export const transaction = z.object({
  id: z.number().int(),
  transaction_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  payment_amount: money,
  currency: z.literal('USD'),
  status: z.string(),
  last_four: z.string().nullable(),
  card_brand: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  fee_amount: money,
  value_amount: money,
  response: z.object({ message: z.string().nullable() }).nullable(),
  response_content: z
    .object({
      debugMessage: z.string().optional(),
      response_content: z.object({ debugMessage: z.string().optional() }).optional(),
    })
    .nullable(),
  provider_key: providerKey.nullable(),
  /** Pending and succeeded refunds together: what is no longer left to refund (REF-05). */
  amount_refunded: money,
});
export type Transaction = z.infer<typeof transaction>;

/**
 * Transaction Details: the transaction, its refunds, oldest first, and the id of its dispute (or
 * inquiry), null when it was never disputed: a payment is disputed once (DSP-06).
 */
export const transactionDetails = transaction.extend({ refunds: z.array(refundObject), dispute_id: z.string().nullable() });
export type TransactionDetails = z.infer<typeof transactionDetails>;

/** The paginated list wrapper (DATA-09). */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
  });

export const pageSizes = [10, 25, 50, 100] as const;
export type PageSize = (typeof pageSizes)[number];

/** `/transaction-details/{id}`: the numeric id, or the transaction id itself. */
export const transactionDetailsParams = z.object({ id: z.string().trim().min(1).max(64) });

/** Transactions keep no card number, and an address is logged: a search never holds one. */
export const CARD_NUMBER_SEARCH_MESSAGE = 'A card number is not searched here: search by customer name, email or transaction ID';

export const transactionListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((n) => (pageSizes as readonly number[]).includes(n), 'per_page must be 10, 25, 50 or 100')
    .default(10),
  search: z
    .string()
    .trim()
    .max(200)
    .refine((search) => !containsCardNumber(search), CARD_NUMBER_SEARCH_MESSAGE)
    .optional(),
  status: transactionStatus.optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuery>;
