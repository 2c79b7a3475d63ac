import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';

/** The frame of every payer page: one centred card, nothing of the back office. */
export function PayerPage({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Box sx={{ width: '100%', maxWidth: 480 }}>
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>{children}</CardContent>
        </Card>
        {footer}
      </Box>
    </Box>
  );
}

/** A label and its value on a receipt or a summary. */
export function DetailRow({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontWeight: 500, textAlign: 'right', wordBreak: 'break-all' }} data-testid={testId}>
        {value}
      </Box>
    </Box>
  );
}
