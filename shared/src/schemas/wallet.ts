import { z } from 'zod';
import { money } from './common';

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
  reason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawRequest = z.object({
  amount: z.number().positive('Please enter a valid amount').multipleOf(0.01, 'At most two decimals').max(10_000_000),
  account_number: z.string().trim().min(1, 'Please fill in all required fields').max(34),
  bank_name: z.string().trim().min(1, 'Please fill in all required fields').max(120),
  account_name: z.string().trim().min(1, 'Please fill in all required fields').max(120),
  reason: z.string().trim().max(500).optional().default(''),
});
export type WithdrawRequest = z.infer<typeof withdrawRequest>;
