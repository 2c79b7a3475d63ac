import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { useTheme } from '@mui/material/styles';
import { formatCount, formatMoney, formatMoneyCompact } from '@paydesk/shared/format';
import type { ChartItem } from '@paydesk/shared/schemas/dashboard';

/** Loaded lazily (React.lazy) so apexcharts never blocks the dashboard's first paint. */
export default function ApexRevenueChart({ points }: { points: readonly ChartItem[] }) {
  const theme = useTheme();
  const options: ApexOptions = {
    chart: { id: 'revenue', toolbar: { show: false }, background: 'transparent', animations: { enabled: false } },
    theme: { mode: theme.palette.mode },
    colors: [theme.palette.primary.main, theme.palette.secondary.main],
    xaxis: { categories: points.map((p) => p.date) },
    yaxis: [
      { title: { text: 'Amount (USD)' }, labels: { formatter: (v) => formatMoneyCompact(v) } },
      { opposite: true, title: { text: 'Transactions' }, labels: { formatter: (v) => formatCount(Math.round(v)) } },
    ],
    // The axis is compact; the tooltip gives the day's full figures.
    tooltip: { y: [{ formatter: (v) => (v === null ? '—' : formatMoney(v)) }, { formatter: (v) => (v === null ? '—' : formatCount(v)) }] },
    stroke: { curve: 'smooth', width: 2 },
    dataLabels: { enabled: false },
    legend: { position: 'top' },
  };
  const series = [
    { name: 'Amount', type: 'area', data: points.map((p) => Number(p.amount)) },
    { name: 'Transactions', type: 'line', data: points.map((p) => p.transactions) },
  ];
  return <Chart type="line" height={300} options={options} series={series} />;
}
