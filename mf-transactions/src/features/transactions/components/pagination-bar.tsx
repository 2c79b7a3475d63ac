import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { pageSizes, type PageSize } from '@paydesk/shared/schemas/transaction';
import { pageButtons } from '../model/page-window';

interface Props {
  page: number;
  lastPage: number;
  from: number | null;
  to: number | null;
  total: number;
  perPage: PageSize;
  onPage: (page: number) => void;
  onPerPage: (size: PageSize) => void;
}

/** First, previous, at most 5 numbered pages, next, last; the range text; the page size. */
export function PaginationBar({ page, lastPage, from, to, total, perPage, onPage, onPerPage }: Props) {
  const atStart = page <= 1;
  const atEnd = page >= lastPage;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2 }}>
      <Typography variant="body2" color="text.secondary" data-testid="range-text">
        Showing {from ?? 0} to {to ?? 0} of {total} results
      </Typography>
      <Box component="nav" aria-label="Pagination" sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}>
        <Button size="small" disabled={atStart} onClick={() => onPage(1)}>First</Button>
        <Button size="small" disabled={atStart} onClick={() => onPage(page - 1)}>Previous</Button>
        {pageButtons(page, lastPage).map((n) => (
          <Button key={n} size="small" variant={n === page ? 'contained' : 'text'} aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined} onClick={() => onPage(n)} sx={{ minWidth: 36 }}>
            {n}
          </Button>
        ))}
        <Button size="small" disabled={atEnd} onClick={() => onPage(page + 1)}>Next</Button>
        <Button size="small" disabled={atEnd} onClick={() => onPage(lastPage)}>Last</Button>
      </Box>
      <TextField select size="small" label="Per page" value={perPage} sx={{ minWidth: 110 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        onChange={(event) => onPerPage(Number(event.target.value) as PageSize)}>
        {pageSizes.map((size) => <option key={size} value={size}>{size}</option>)}
      </TextField>
    </Box>
  );
}
