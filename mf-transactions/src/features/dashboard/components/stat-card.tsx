import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface Props {
  label: string;
  value: string;
  detail?: ReactNode;
  sample?: boolean;
}

/** One figure; sample figures carry a visible "Sample" label so nobody takes them for real money. */
export function StatCard({ label, value, detail, sample = false }: Props) {
  return (
    <Card variant="outlined" data-testid={`stat-${label}`}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">{label}</Typography>
          {sample ? <Chip size="small" color="warning" variant="outlined" label="Sample" /> : null}
        </Stack>
        <Typography variant="h5" component="p" sx={{ mt: 1, fontWeight: 600 }} data-testid="stat-value">{value}</Typography>
        {detail ? <Typography variant="caption" color="text.secondary" component="div">{detail}</Typography> : null}
      </CardContent>
    </Card>
  );
}

export function Growth({ value }: { value: number }) {
  const sign = value > 0 ? '+' : '';
  return (
    <Typography component="span" variant="caption" sx={{ color: value < 0 ? 'error.main' : 'success.main', fontWeight: 600 }}>
      {sign}{value.toFixed(2)}% vs previous period
    </Typography>
  );
}
