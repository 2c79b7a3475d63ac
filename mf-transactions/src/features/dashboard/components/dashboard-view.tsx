import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { ChartRange, DashboardSummary } from '@paydesk/shared/schemas/dashboard';
import { useCan } from '@paydesk/shared/session/use-can';
import { notify } from '@paydesk/shared/ui/notify';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { Loading } from '@paydesk/shared/ui/loading';
import { downloadText } from '@paydesk/shared/csv';
import { allSummaryFields, dashboardReport, dashboardReportName } from '../model/dashboard-report';
import { useGetChartDataQuery } from '../api/dashboard-api';
import { useDashboardData } from '../model/use-dashboard-data';
import { RecentTransactions } from './recent-transactions';
import { DEFAULT_RANGE, RevenueChart } from './revenue-chart';
import { SummaryCards } from './summary-cards';

const balanceFields: (keyof DashboardSummary)[] = ['available_balance', 'pending_balance', 'total_balance'];

export function DashboardView() {
  const realFigures = useCan('figures.real');
  const withBalances = useCan('wallet.view');
  const { summary, isSample, isLoading, refresh } = useDashboardData(withBalances);
  const [range, setRange] = useState<ChartRange>(DEFAULT_RANGE);
  // The chart's own query (one cache entry): the report adds its days without another call.
  const chart = useGetChartDataQuery(range);

  const onRefresh = async () => {
    if (await refresh()) notify('success', 'Data Refreshed', 'Dashboard figures are up to date.');
  };
  const onReport = () => {
    if (!summary || isSample) return;
    const fields = withBalances ? allSummaryFields : allSummaryFields.filter((f) => !balanceFields.includes(f));
    downloadText(dashboardReportName(new Date()), dashboardReport(summary, fields, chart.data ?? []));
    notify('success', 'Report Generated', 'The dashboard report was downloaded as CSV.');
  };

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Payments overview"
        actions={
          <>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void onRefresh()}>
              Refresh
            </Button>
            <Button variant="contained" startIcon={<DownloadIcon />} onClick={onReport} disabled={!summary || isSample}>
              CSV Report
            </Button>
          </>
        }
      />
      {isSample ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="sample-figures">
          <AlertTitle>Sample figures</AlertTitle>
          The dashboard data could not be loaded. The figures below are placeholders, not real transactions or money.
        </Alert>
      ) : null}
      {isLoading || !summary ? (
        <Loading />
      ) : (
        <SummaryCards summary={summary} sample={isSample} realFigures={realFigures} withBalances={withBalances} />
      )}
      <RevenueChart range={range} onRangeChange={setRange} />
      <RecentTransactions />
    </>
  );
}
