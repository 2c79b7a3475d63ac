import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatCount } from '@paydesk/shared/format';
import type { CardUploadResult } from '@paydesk/shared/schemas/card';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';

type Rejected = CardUploadResult['rejected'][number];

const rejectedColumns: DataColumn<Rejected>[] = [
  { key: 'row', header: 'Row', cell: (r) => r.row },
  { key: 'reason', header: 'Reason', cell: (r) => r.reason },
];

const figures = [
  ['rows', 'Rows in the file'],
  ['added', 'Cards added'],
  ['already_in_pool', 'Already in the pool'],
  ['rejected_count', 'Rejected rows'],
] as const;

/** What the server did with every row of the file; rejected rows by sheet row number (the header is row 1). */
export function UploadResult({ result }: { result: CardUploadResult }) {
  const cut = result.rejected_count > result.rejected.length;
  return (
    <Box data-testid="upload-result" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}>
        {figures.map(([key, label]) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Typography>{label}</Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid={`upload-${key}`}>
              {formatCount(result[key])}
            </Typography>
          </Box>
        ))}
      </Box>
      {result.rejected.length > 0 ? (
        <Box>
          <DataTable
            label="Rejected rows"
            columns={rejectedColumns}
            rows={result.rejected}
            rowKey={(r, i) => `${r.row}-${i}`}
            hover={false}
          />
          {cut ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Showing the first {formatCount(result.rejected.length)} of {formatCount(result.rejected_count)} rejected rows.
            </Typography>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
