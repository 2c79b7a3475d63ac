import type { DashboardSummary } from '@paydesk/shared/schemas/dashboard';
import { toCsv } from '@paydesk/shared/csv';

const labels: Record<keyof DashboardSummary, string> = {
  total_revenue: 'Total Revenue', total_net_revenue: 'Total Net Revenue', total_transactions: 'Total Transactions',
  successful_transactions: 'Successful Transactions', failed_transactions: 'Failed Transactions',
  pending_transactions: 'Pending Transactions', disputed_transactions: 'Disputed Transactions',
  refunded_transactions: 'Refunded Transactions', success_rate: 'Success Rate (%)', today_transactions: "Today's Transactions",
  today_amount: "Today's Amount", today_net_amount: "Today's Net Amount", today_successful: "Today's Successful",
  today_failed: "Today's Failed", today_success_rate: "Today's Success Rate (%)", week_transactions: 'Week Transactions',
  week_amount: 'Week Amount', week_growth: 'Week Growth (%)', month_transactions: 'Month Transactions',
  month_amount: 'Month Amount', month_growth: 'Month Growth (%)', available_balance: 'Available Balance',
  pending_balance: 'Pending Balance', total_balance: 'Total Balance',
};

export const dashboardReportName = (now: Date): string => `dashboard-report-${now.toISOString().slice(0, 10)}.csv`;

/** The dashboard CSV report (DASH-06): one line per summary figure, as shown to this user. */
export function dashboardReport(summary: DashboardSummary, fields: readonly (keyof DashboardSummary)[]): string {
  return toCsv(['Metric', 'Value'], fields.map((field) => [labels[field], summary[field]]));
}

export const allSummaryFields = Object.keys(labels) as (keyof DashboardSummary)[];
