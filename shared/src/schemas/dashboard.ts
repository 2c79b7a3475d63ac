import { z } from 'zod';
import { money } from './common';

export const chartRanges = ['7days', '30days', '90days', '12months'] as const;
export const chartRange = z.enum(chartRanges);
export type ChartRange = z.infer<typeof chartRange>;

/**
 * A day's or month's revenue: its sales less the refunds that succeeded in it (DASH-08) and the
 * disputed amounts that left the balance in it, those given back added (`disputes`, DSP-17).
 */
export const chartItem = z.object({ date: z.string(), amount: money, refunds: money, disputes: money, transactions: z.number().int() });
export type ChartItem = z.infer<typeof chartItem>;

/**
 * DATA-06. Revenue figures are sales less the refunds that succeeded in the period, each refund on
 * the day it succeeded, and less the disputed amounts that left the balance in the period, those
 * given back added; `*_refunds` and `*_disputes` are those amounts. Net figures lose the dispute
 * fees too. `successful_*` counts sales, those refunded in full or disputed since among them
 * (DASH-08, DSP-17).
 */
export const dashboardSummary = z.object({
  total_revenue: money,
  total_net_revenue: money,
  total_refunds: money,
  total_disputes: money,
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
  today_refunds: money,
  today_disputes: money,
  today_successful: z.number().int(),
  today_failed: z.number().int(),
  today_success_rate: z.number(),
  week_transactions: z.number().int(),
  week_amount: money,
  week_refunds: money,
  week_disputes: money,
  week_growth: z.number(),
  month_transactions: z.number().int(),
  month_amount: money,
  month_refunds: money,
  month_disputes: money,
  month_growth: z.number(),
  available_balance: money,
  pending_balance: money,
  total_balance: money,
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** The dashboard calls of DASH-02 each answer a part of the summary (DATA-06), read from `data`. */
export const totalRevenue = dashboardSummary.pick({
  total_revenue: true,
  total_net_revenue: true,
  total_refunds: true,
  total_disputes: true,
});
export type TotalRevenue = z.infer<typeof totalRevenue>;

export const totalTransactions = dashboardSummary.pick({
  total_transactions: true,
  successful_transactions: true,
  failed_transactions: true,
  pending_transactions: true,
  disputed_transactions: true,
  refunded_transactions: true,
  success_rate: true,
});
export type TotalTransactions = z.infer<typeof totalTransactions>;

export const todayStats = dashboardSummary.pick({
  today_transactions: true,
  today_amount: true,
  today_net_amount: true,
  today_refunds: true,
  today_disputes: true,
  today_successful: true,
  today_failed: true,
  today_success_rate: true,
  week_transactions: true,
  week_amount: true,
  week_refunds: true,
  week_disputes: true,
  week_growth: true,
  month_transactions: true,
  month_amount: true,
  month_refunds: true,
  month_disputes: true,
  month_growth: true,
});
export type TodayStats = z.infer<typeof todayStats>;

export const chartDataQuery = z.object({ range: chartRange.default('7days') });
