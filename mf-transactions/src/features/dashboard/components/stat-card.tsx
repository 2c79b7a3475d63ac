import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LabelChip } from '@paydesk/shared/ui/label-chip';

interface Props {
  label: string;
  value: string;
  detail?: ReactNode;
  sample?: boolean;
}

/**
 * The figure is sized by the card's width (a query container), not the window's: four cards to a
 * row leave about 200 px at 1280 px, and a full "$1,293,781,250.00" has to fit there whole. Past
 * the smallest size it wraps rather than being cut.
 */
const valueSx = {
  mt: 1,
  fontWeight: 600,
  fontSize: 'clamp(1rem, 9cqi, 1.5rem)',
  lineHeight: 1.25,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
} as const;

/** One figure; sample figures carry a visible "Sample" label so nobody takes them for real money. */
export function StatCard({ label, value, detail, sample = false }: Props) {
  return (
    <Card variant="outlined" data-testid={`stat-${label}`}>
      <CardContent sx={{ containerType: 'inline-size' }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          {sample ? <LabelChip label="Sample" tone="warning" /> : null}
        </Stack>
        <Typography variant="h5" component="p" sx={valueSx} data-testid="stat-value">
          {value}
        </Typography>
        {detail ? (
          <Typography variant="caption" color="text.secondary" component="div">
            {detail}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

export function Growth({ value }: { value: number }) {
  const sign = value > 0 ? '+' : '';
  return (
    <Typography component="span" variant="caption" sx={{ color: value < 0 ? 'error.main' : 'success.main', fontWeight: 600 }}>
      {sign}
      {value.toFixed(2)}% vs previous period
    </Typography>
  );
}
