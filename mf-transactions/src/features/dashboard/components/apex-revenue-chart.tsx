import Chart from 'react-apexcharts';
import type { ApexOptions } from 'apexcharts';
import { useColorScheme, useTheme, type CssVarsTheme, type Theme } from '@mui/material/styles';
import { formatCount, formatMoney, formatMoneyCompact } from '@paydesk/shared/format';
import { centsOf, centsToNumber } from '@paydesk/shared/money';
import type { ChartItem } from '@paydesk/shared/schemas/dashboard';

/**
 * The palette of the colour scheme on screen. The theme is on CSS variables, so `useTheme()`'s
 * palette stays the default (light) one whatever is shown, and an SVG attribute cannot take a CSS
 * variable: the chart gets the scheme's own colours, and draws again when it changes.
 */
function useShownPalette() {
  const theme = useTheme<Theme & Pick<CssVarsTheme, 'colorSchemes'>>();
  const { mode, systemMode } = useColorScheme();
  const shown = (mode === 'system' ? systemMode : mode) ?? 'light';
  return { shown, palette: theme.colorSchemes[shown]?.palette ?? theme.palette };
}

/** Loaded lazily (React.lazy) so apexcharts never blocks the dashboard's first paint. */
export default function ApexRevenueChart({ points }: { points: readonly ChartItem[] }) {
  const { shown, palette } = useShownPalette();
  const options: ApexOptions = {
    chart: {
      id: 'revenue',
      toolbar: { show: false },
      background: 'transparent',
      animations: { enabled: false },
      foreColor: palette.text.secondary,
    },
    theme: { mode: shown },
    grid: { borderColor: palette.divider },
    colors: [palette.primary.main, palette.secondary.main],
    xaxis: { categories: points.map((p) => p.date) },
    yaxis: [
      { title: { text: 'Amount (USD)' }, labels: { formatter: (v) => formatMoneyCompact(v) } },
      { opposite: true, title: { text: 'Transactions' }, labels: { formatter: (v) => formatCount(Math.round(v)) } },
    ],
    // The axis is compact; the tooltip gives the day's full figures.
    tooltip: {
      theme: shown,
      y: [{ formatter: (v) => (v === null ? '—' : formatMoney(v)) }, { formatter: (v) => (v === null ? '—' : formatCount(v)) }],
    },
    stroke: { curve: 'smooth', width: 2 },
    dataLabels: { enabled: false },
    legend: { position: 'top' },
  };
  const series = [
    { name: 'Amount', type: 'area', data: points.map((p) => centsToNumber(centsOf(p.amount))) },
    { name: 'Transactions', type: 'line', data: points.map((p) => p.transactions) },
  ];
  return <Chart key={shown} type="line" height={300} options={options} series={series} />;
}
