import { lazy, Suspense, useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ChartRange } from '@paydesk/shared/schemas/dashboard';
import { useGetChartDataQuery } from '../api/dashboard-api';

const loadApexRevenueChart = () => import('./apex-revenue-chart');
const ApexRevenueChart = lazy(loadApexRevenueChart);

const rangeLabels: Record<ChartRange, string> = { '7days': '7 Days', '30days': '30 Days', '90days': '90 Days', '12months': '12 Months' };
/** CONST-06: the dashboard opens on 7 days. */
export const DEFAULT_RANGE: ChartRange = '7days';

interface Props {
  range: ChartRange;
  onRangeChange: (range: ChartRange) => void;
}

/** The range is the dashboard's, so its CSV report has the days on screen. */
export function RevenueChart({ range, onRangeChange }: Props) {
  const chart = useGetChartDataQuery(range);
  // The chart library is the page's largest download: fetched beside the data calls, not after them.
  useEffect(() => void loadApexRevenueChart(), []);
  const fallback = <Skeleton variant="rounded" height={300} aria-label="Loading chart" />;
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">
            Revenue
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={range}
            aria-label="Date range"
            onChange={(_e, next: ChartRange | null) => next && onRangeChange(next)}
          >
            {(Object.keys(rangeLabels) as ChartRange[]).map((r) => (
              <ToggleButton key={r} value={r}>
                {rangeLabels[r]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>
        {chart.error ? (
          <Alert severity="error">The chart could not be loaded.</Alert>
        ) : chart.data && !chart.isFetching ? (
          <Suspense fallback={fallback}>
            <div data-testid="revenue-chart" data-range={range} data-points={chart.data.length}>
              <ApexRevenueChart points={chart.data} />
            </div>
          </Suspense>
        ) : (
          fallback
        )}
      </CardContent>
    </Card>
  );
}
