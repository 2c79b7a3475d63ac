import { z } from 'zod';
import { isWholeCents } from '../money';
import { atLeastOneCent, money, statusMessage, withData } from './common';

export const walletBalance = z.object({ available_balance: money, pending: money, total: money });
export type WalletBalance = z.infer<typeof walletBalance>;

export const withdrawalStatuses = ['pending', 'completed', 'failed', 'cancelled'] as const;
export const withdrawalStatus = z.enum(withdrawalStatuses);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;

export const withdrawal = z.object({
  id: z.number().int(),
  amount: money,
  account_number: z.string(),
  bank_name: z.string(),
  account_name: z.string(),
  status: withdrawalStatus,
  created_at: z.string(),
  processed_at: z.string().nullable(),
  transaction_id: z.string(),
  /** The requester's optional reason. */
  reason: z.string().nullable(),
  /** Why the bank refused a failed withdrawal (beyond DATA-13; shown in the Reason column). */
  failure_reason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

const required = 'Please fill in all required fields';
/** Whole cents: 12.34 yes, 12.345 no (a tolerance absorbs binary float noise such as 0.1 + 0.2). */

export const withdrawRequest = z.object({
  amount: z
    .number()
    .positive('Please enter a valid amount')
    .max(10_000_000, 'The amount is too large')
    .refine(isWholeCents, 'The amount may have at most two decimals')
    .refine(atLeastOneCent, 'Please enter a valid amount'),
  account_number: z
    .string()
    .trim()
    .min(1, required)
    .max(34, 'The account number is too long')
    .regex(/^[A-Za-z0-9 -]*$/, 'The account number may contain only letters, digits, spaces and dashes'),
  bank_name: z.string().trim().min(1, required).max(120, 'The bank name is too long'),
  account_name: z.string().trim().min(1, required).max(120, 'The account name is too long'),
  reason: z.string().trim().max(500, 'The reason is too long').optional().default(''),
});
export type WithdrawRequest = z.infer<typeof withdrawRequest>;
export type WithdrawRequestInput = z.input<typeof withdrawRequest>;

export const walletBalanceResponse = withData(walletBalance);
export const withdrawalsResponse = withData(withdrawal.array());
/** POST /api/backend/withdraw: {status, message} (WAL-09), plus the withdrawal. */
export const withdrawResponse = statusMessage.extend({ data: withdrawal.optional() });
export type WithdrawResponse = z.infer<typeof withdrawResponse>;
