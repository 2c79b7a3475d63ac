import { z } from 'zod';
import { atLeastOneCent } from './common';

/** The card transaction payload of point 3, sent encrypted to /api/process-card-transaction. */
export const cardTransactionPayload = z.object({
  transaction_id: z.string().min(1).max(64),
  order_id: z.string().min(1).max(64),
  reference: z.string().max(64).nullable(),
  card_number: z.string().regex(/^\d{13,19}$/, 'Invalid card number'),
  card_month: z.string().regex(/^(0[1-9]|1[0-2])$/, 'Invalid expiry month'),
  /** Four digits: 2000 + the two-digit year (point 9). */
  card_year: z.string().regex(/^20\d{2}$/, 'Invalid expiry year'),
  cvv: z.string().regex(/^\d{3,4}$/, 'Invalid CVV'),
  amount: z.number().positive().max(1_000_000).refine(atLeastOneCent, 'The amount must be at least 0.01'),
  currency: z.literal('USD'),
  email: z.string().email().max(254),
  phone: z.string().min(1).max(32),
  first_name: z.string().min(1).max(80),
  last_name: z.string().min(1).max(80),
  cardBrand: z.string().max(32),
  checkout: z.boolean(),
  checkout_reference: z.string().max(64).nullable(),
});
export type CardTransactionPayload = z.infer<typeof cardTransactionPayload>;

/** The transaction result of point 3, returned encrypted by the card endpoints. */
export const transactionResult = z.object({
  statusOk: z.boolean(),
  paymentCompleted: z.boolean(),
  status: z.string(),
  customerReference: z.string().nullable(),
  transactionReference: z.string().nullable(),
  payment_amount: z.string(),
  processor: z.string(),
  response_content: z.object({
    code: z.string(),
    redirectHtml: z.string().nullable(),
    data: z.object({ type: z.string(), script: z.string().nullable() }).nullable(),
  }),
  transaction_id: z.string(),
  order_id: z.string(),
  response_message: z.string(),
  checkout_request: z.object({ reference: z.string() }).nullable(),
});
export type TransactionResult = z.infer<typeof transactionResult>;
