import { z } from 'zod';
import { money } from './common';

export const chartRanges = ['7days', '30days', '90days', '12months'] as const;
export const chartRange = z.enum(chartRanges);
export type ChartRange = z.infer<typeof chartRange>;

export const chartItem = z.object({ date: z.string(), amount: money, transactions: z.number().int() });
export type ChartItem = z.infer<typeof chartItem>;

export const dashboardSummary = z.object({
  total_revenue: money,
  total_net_revenue: money,
  total_transactions: z.number().int(),
  successful_transactions: z.number().int(),
  failed_transactions: z.number().int(),
  pending_transactions: z.number().int(),
  disputed_transactions: z.number().int(),
  refunded_transactions: z.number().int(),
  success_rate: z.number(),
  today_transactions: z.number().int(),
  today_amount: money,
  today_net_amount: money,
  today_successful: z.number().int(),
  today_failed: z.number().int(),
  today_success_rate: z.number(),
  week_transactions: z.number().int(),
  week_amount: money,
  week_growth: z.number(),
  month_transactions: z.number().int(),
  month_amount: money,
  month_growth: z.number(),
  available_balance: money,
  pending_balance: money,
  total_balance: money,
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
