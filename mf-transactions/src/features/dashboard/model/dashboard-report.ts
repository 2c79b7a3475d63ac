import type { ChartItem, DashboardSummary } from '@paydesk/shared/schemas/dashboard';
import { toCsv } from '@paydesk/shared/csv';
import { centsOf, centsToDecimal } from '@paydesk/shared/money';

const labels: Record<keyof DashboardSummary, string> = {
  total_revenue: 'Total Revenue',
  total_net_revenue: 'Total Net Revenue',
  total_refunds: 'Total Refunds',
  total_disputes: 'Total Disputes',
  total_transactions: 'Total Transactions',
  successful_transactions: 'Successful Transactions',
  failed_transactions: 'Failed Transactions',
  pending_transactions: 'Pending Transactions',
  disputed_transactions: 'Disputed Transactions',
  refunded_transactions: 'Refunded Transactions',
  success_rate: 'Success Rate (%)',
  today_transactions: "Today's Transactions",
  today_amount: "Today's Amount",
  today_net_amount: "Today's Net Amount",
  today_refunds: "Today's Refunds",
  today_disputes: "Today's Disputes",
  today_successful: "Today's Successful",
  today_failed: "Today's Failed",
  today_success_rate: "Today's Success Rate (%)",
  week_transactions: 'Week Transactions',
  week_amount: 'Week Amount',
  week_refunds: 'Week Refunds',
  week_disputes: 'Week Disputes',
  week_growth: 'Week Growth (%)',
  month_transactions: 'Month Transactions',
  month_amount: 'Month Amount',
  month_refunds: 'Month Refunds',
  month_disputes: 'Month Disputes',
  month_growth: 'Month Growth (%)',
  available_balance: 'Available Balance',
  pending_balance: 'Pending Balance',
  total_balance: 'Total Balance',
};

export const dashboardReportName = (now: Date): string => `dashboard-report-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The chart's days (or months) as an accountant reads them (DASH-08, DSP-17): the sales made that
 * day, the refunds that succeeded that day and the disputed amounts that left the balance that
 * day (those given back added) as negative lines, and what is left.
 */
function dailyLines(points: readonly ChartItem[]): string {
  return toCsv(
    ['Date', 'Sales', 'Refunds', 'Disputes', 'Revenue', 'Transactions'],
    points.map((p) => {
      const [refunds, disputes] = [centsOf(p.refunds), centsOf(p.disputes)];
      return [
        p.date,
        centsToDecimal(centsOf(p.amount) + refunds + disputes),
        centsToDecimal(-refunds),
        centsToDecimal(-disputes),
        p.amount,
        p.transactions,
      ];
    }),
  );
}

/**
 * The dashboard CSV report (DASH-06): one line per summary figure, as shown to this user, then
 * one line per day of the chart on screen, after an empty line.
 */
export function dashboardReport(
  summary: DashboardSummary,
  fields: readonly (keyof DashboardSummary)[],
  points: readonly ChartItem[] = [],
): string {
  const figures = toCsv(
    ['Metric', 'Value'],
    fields.map((field) => [labels[field], summary[field]]),
  );
  return points.length === 0 ? figures : `${figures}\r\n${dailyLines(points)}`;
}

export const allSummaryFields = Object.keys(labels) as (keyof DashboardSummary)[];
