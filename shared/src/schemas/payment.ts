// zod/mini, like checkout.ts: the payer pages parse these; the server validates with the same.
import { z } from 'zod/mini';
import { atLeastOneCent, isWholeCents, MAX_PAYMENT_AMOUNT, PART_OF_A_CENT_MESSAGE } from './cents';

const text = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
const upTo = (max: number) => z.string().check(z.maxLength(max));
const matching = (pattern: RegExp, message: string) => z.string().check(z.regex(pattern, message));

/** The payment amount rule (isPaymentAmount, cents.ts) as a schema whose messages say which part failed. */
export const paymentAmount = z
  .number()
  .check(
    z.positive(),
    z.refine(isWholeCents, PART_OF_A_CENT_MESSAGE),
    z.maximum(MAX_PAYMENT_AMOUNT),
    z.refine(atLeastOneCent, 'The amount must be at least 0.01'),
  );

/** The card transaction payload (DATA-03, PAY-07), sent encrypted to /api/process-card-transaction. */
export const cardTransactionPayload = z.object({
  transaction_id: text(1, 64),
  order_id: text(1, 64),
  reference: z.nullable(upTo(64)),
  card_number: matching(/^\d{13,19}$/, 'Invalid card number'),
  card_month: matching(/^(0[1-9]|1[0-2])$/, 'Invalid expiry month'),
  /** Four digits: 2000 + the two-digit year (CONST-01). */
  card_year: matching(/^20\d{2}$/, 'Invalid expiry year'),
  cvv: matching(/^\d{3,4}$/, 'Invalid CVV'),
  amount: paymentAmount,
  currency: z.literal('USD'),
  email: z.email().check(z.maxLength(254)),
  phone: text(1, 32),
  first_name: text(1, 80),
  last_name: text(1, 80),
  cardBrand: upTo(32),
  checkout: z.boolean(),
  checkout_reference: z.nullable(upTo(64)),
});
export type CardTransactionPayload = z.infer<typeof cardTransactionPayload>;

/** The transaction result (DATA-04, PAY-07), returned encrypted by the card endpoints. */
export const transactionResult = z.object({
  statusOk: z.boolean(),
  paymentCompleted: z.boolean(),
  status: z.string(),
  customerReference: z.nullable(z.string()),
  transactionReference: z.nullable(z.string()),
  payment_amount: z.string(),
  processor: z.string(),
  response_content: z.object({
    code: z.string(),
    redirectHtml: z.nullable(z.string()),
    data: z.nullable(z.object({ type: z.string(), script: z.nullable(z.string()) })),
  }),
  transaction_id: z.string(),
  order_id: z.string(),
  response_message: z.string(),
  checkout_request: z.nullable(z.object({ reference: z.string() })),
});
export type TransactionResult = z.infer<typeof transactionResult>;
