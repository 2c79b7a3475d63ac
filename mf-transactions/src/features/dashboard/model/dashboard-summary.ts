import type { DashboardSummary, TodayStats, TotalRevenue, TotalTransactions } from '@paydesk/shared/schemas/dashboard';
import type { WalletBalance } from '@paydesk/shared/schemas/wallet';
import { centsOf, centsToNumber } from '@paydesk/shared/money';
import { formatMoney } from '@paydesk/shared/format';

const PERCENT = 100;

export type Balances = Pick<DashboardSummary, 'available_balance' | 'pending_balance' | 'total_balance'>;

/** The dashboard summary (DATA-06), put together from the calls that answer its parts. */
export function combineSummary(
  revenue: TotalRevenue,
  counts: TotalTransactions,
  stats: TodayStats,
  wallet: WalletBalance | null,
): DashboardSummary {
  const balances: Balances = wallet
    ? { available_balance: wallet.available_balance, pending_balance: wallet.pending, total_balance: wallet.total }
    : { available_balance: '0.00', pending_balance: '0.00', total_balance: '0.00' };
  return { ...revenue, ...counts, ...stats, ...balances };
}

/**
 * Placeholder figures shown when the dashboard data cannot be fetched (DASH-04). They are round
 * on purpose and every screen that shows them labels them as sample figures.
 */
export const SAMPLE_SUMMARY: DashboardSummary = {
  total_revenue: '125000.00',
  total_net_revenue: '112500.00',
  total_refunds: '2500.00',
  total_disputes: '300.00',
  total_transactions: 1000,
  successful_transactions: 850,
  failed_transactions: 100,
  pending_transactions: 20,
  disputed_transactions: 15,
  refunded_transactions: 15,
  success_rate: 85,
  today_transactions: 40,
  today_amount: '5000.00',
  today_net_amount: '4500.00',
  today_refunds: '100.00',
  today_disputes: '0.00',
  today_successful: 34,
  today_failed: 6,
  today_success_rate: 85,
  week_transactions: 250,
  week_amount: '30000.00',
  week_refunds: '600.00',
  week_disputes: '100.00',
  week_growth: 10,
  month_transactions: 1000,
  month_amount: '125000.00',
  month_refunds: '2500.00',
  month_disputes: '300.00',
  month_growth: 5,
  available_balance: '100000.00',
  pending_balance: '10000.00',
  total_balance: '110000.00',
};

/** Net margin in percent (net revenue over gross), for roles that see real figures. */
export function netMargin(summary: Pick<DashboardSummary, 'total_revenue' | 'total_net_revenue'>): number {
  const gross = centsOf(summary.total_revenue);
  // In hundredths of a percent, rounded, then in percent: two decimals.
  return gross === 0 ? 0 : Math.round((centsOf(summary.total_net_revenue) / gross) * 10_000) / PERCENT;
}

/** Processing fees as the difference of gross and net, in cents to avoid float drift. */
export function processingFees(summary: Pick<DashboardSummary, 'total_revenue' | 'total_net_revenue'>): number {
  return centsToNumber(centsOf(summary.total_revenue) - centsOf(summary.total_net_revenue));
}

/**
 * The captions under a viewer's Net Revenue and Processing Fees (DASH-07, DASH-08, DSP-17): what
 * the 90 % and the 10 % are of. Both are taken from the sales, before refunds and disputes; the
 * net then loses the refunds and the disputed amounts whole (the fee is not returned). Total
 * Revenue is the sales less those, so neither figure is a share of it.
 */
export function viewerCaptions(summary: Pick<DashboardSummary, 'total_revenue' | 'total_refunds' | 'total_disputes'>): {
  net: string;
  fees: string;
} {
  const refundsCents = centsOf(summary.total_refunds);
  const disputesCents = centsOf(summary.total_disputes);
  const sales = formatMoney(centsOf(summary.total_revenue) + refundsCents + disputesCents, 'cents');
  const less = [
    ...(refundsCents === 0 ? [] : [`refunds ${formatMoney(refundsCents, 'cents')}`]),
    ...(disputesCents === 0 ? [] : [`disputes ${formatMoney(disputesCents, 'cents')}`]),
  ];
  return {
    net: less.length === 0 ? `90% of sales ${sales}` : `90% of sales ${sales}, less ${less.join(' and ')}`,
    fees: `10% of sales ${sales}`,
  };
}

/** ` · disputes $X` when disputes took something in the period, else nothing (DSP-17). */
export const disputesNote = (amount: string): string => (centsOf(amount) === 0 ? '' : ` · disputes ${formatMoney(amount)}`);
