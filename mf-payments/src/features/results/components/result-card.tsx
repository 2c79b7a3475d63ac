import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@paydesk/shared/format';
import { DetailRow } from '../../../components/payer-page';

export interface ResultRow {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** The body of a result page: heading, optional lead text, rows, then the page's actions. */
export function ResultCard({ title, lead, rows, children }: { title: string; lead?: ReactNode; rows: ResultRow[]; children?: ReactNode }) {
  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {lead}
      <Divider sx={{ my: 2 }} />
      {rows.map((row) => (
        <DetailRow key={row.label} label={row.label} value={row.value} testId={row.testId} />
      ))}
      {children ? <Box sx={{ display: 'grid', gap: 1.5, mt: 3 }}>{children}</Box> : null}
    </Box>
  );
}

/** A result date: the one the flow recorded, else now (the page is shown as the payment ends). */
export const resultDate = (date: string | undefined): string => formatDateTime(date ?? new Date());
