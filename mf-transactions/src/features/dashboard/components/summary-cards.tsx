import Box from '@mui/material/Box';
import { formatCount, formatMoney } from '@paydesk/shared/format';
import type { DashboardSummary } from '@paydesk/shared/schemas/dashboard';
import { disputesNote, netMargin, processingFees, viewerCaptions } from '../model/dashboard-summary';
import { Growth, StatCard } from './stat-card';

interface Props {
  summary: DashboardSummary;
  sample: boolean;
  realFigures: boolean;
  withBalances: boolean;
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }, mb: 2 } as const;

/**
 * Totals, today/week/month and balances. Revenue figures are sales less the refunds that
 * succeeded in the period and the disputed amounts that left the balance in it; each names those
 * refunds, and the disputes when there were any (DASH-08, DSP-17). A viewer's net arrives from the
 * server as 90 % of the sales less the refunds, so fees here are 10 % of the sales, and their
 * captions say so; the net margin is shown only with real figures.
 */
export function SummaryCards({ summary: s, sample, realFigures, withBalances }: Props) {
  const viewer = viewerCaptions(s);
  return (
    <>
      <Box sx={grid}>
        <StatCard
          sample={sample}
          label="Total Revenue"
          value={formatMoney(s.total_revenue)}
          detail={`${formatCount(s.successful_transactions)} successful payments · refunds ${formatMoney(s.total_refunds)}${disputesNote(s.total_disputes)}`}
        />
        <StatCard
          sample={sample}
          label="Net Revenue"
          value={formatMoney(s.total_net_revenue)}
          detail={realFigures ? `Net margin ${netMargin(s).toFixed(2)}%` : viewer.net}
        />
        <StatCard
          sample={sample}
          label="Processing Fees"
          value={formatMoney(processingFees(s))}
          detail={realFigures ? undefined : viewer.fees}
        />
        <StatCard
          sample={sample}
          label="Success Rate"
          value={`${s.success_rate.toFixed(2)}%`}
          detail={`${formatCount(s.total_transactions)} total · ${formatCount(s.failed_transactions)} failed · ${formatCount(s.pending_transactions)} pending · ${formatCount(s.disputed_transactions)} disputed · ${formatCount(s.refunded_transactions)} refunded`}
        />
      </Box>
      <Box sx={grid}>
        <StatCard
          sample={sample}
          label="Today"
          value={formatMoney(s.today_amount)}
          detail={`${formatCount(s.today_transactions)} transactions · ${formatCount(s.today_successful)} successful · ${formatCount(s.today_failed)} failed · ${s.today_success_rate.toFixed(2)}% success · refunds ${formatMoney(s.today_refunds)}${disputesNote(s.today_disputes)} · net ${formatMoney(s.today_net_amount)}`}
        />
        <StatCard
          sample={sample}
          label="This Week"
          value={formatMoney(s.week_amount)}
          detail={
            <>
              {formatCount(s.week_transactions)} transactions · refunds {formatMoney(s.week_refunds)}
              {disputesNote(s.week_disputes)} · <Growth value={s.week_growth} />
            </>
          }
        />
        <StatCard
          sample={sample}
          label="This Month"
          value={formatMoney(s.month_amount)}
          detail={
            <>
              {formatCount(s.month_transactions)} transactions · refunds {formatMoney(s.month_refunds)}
              {disputesNote(s.month_disputes)} · <Growth value={s.month_growth} />
            </>
          }
        />
        <StatCard
          sample={sample}
          label="Total Transactions"
          value={formatCount(s.total_transactions)}
          detail={`${formatCount(s.successful_transactions)} successful`}
        />
      </Box>
      {withBalances ? (
        <Box sx={grid}>
          <StatCard sample={sample} label="Available Balance" value={formatMoney(s.available_balance)} />
          <StatCard sample={sample} label="Pending Balance" value={formatMoney(s.pending_balance)} />
          <StatCard sample={sample} label="Total Balance" value={formatMoney(s.total_balance)} />
        </Box>
      ) : null}
    </>
  );
}
