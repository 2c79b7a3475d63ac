import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** A titled card of a details page (a payment, a dispute), a region named by its title. */
export function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A label and its value, one line of a card; the value wraps under a long label on a phone. */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: 2, py: 0.75 }}
      data-testid={`detail-${label}`}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="div"
        sx={{ textAlign: 'right', fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere', ml: 'auto' }}
      >
        {children}
      </Typography>
    </Box>
  );
}
