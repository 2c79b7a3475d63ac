import { z } from 'zod';

/**
 * Statuses a transaction is stored with: the admin side's six, and `voided`
 * (one-paid-payment-per-checkout decision); anything else is `unknown`, shown grey. Its own module
 * so that the merchant objects and the webhook events can name them without an import cycle
 * (transaction.ts reads the refund object).
 */
export const transactionStatuses = ['completed', 'success', 'failed', 'pending', 'disputed', 'refunded', 'voided'] as const;
export const transactionStatus = z.enum(transactionStatuses);
export type TransactionStatus = z.infer<typeof transactionStatus>;
