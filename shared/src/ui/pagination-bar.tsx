import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { formatCount } from '../format';
import { pageButtons } from '../page-window';
import { SelectField } from './select-field';

interface Props<Size extends number> {
  page: number;
  lastPage: number;
  from: number | null;
  to: number | null;
  total: number;
  perPage: Size;
  pageSizes: readonly Size[];
  onPage: (page: number) => void;
  onPerPage: (size: Size) => void;
}

/**
 * First, previous, at most 5 numbered pages, next, last; the range text; the page size. The
 * buttons wrap: in one row they are wider than a phone.
 */
export function PaginationBar<Size extends number>({
  page,
  lastPage,
  from,
  to,
  total,
  perPage,
  pageSizes,
  onPage,
  onPerPage,
}: Props<Size>) {
  const atStart = page <= 1;
  const atEnd = page >= lastPage;
  const choose = (value: string) => {
    const size = pageSizes.find((s) => String(s) === value);
    if (size !== undefined) onPerPage(size);
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2 }}>
      <Typography variant="body2" color="text.secondary" data-testid="range-text">
        Showing {formatCount(from ?? 0)} to {formatCount(to ?? 0)} of {formatCount(total)} results
      </Typography>
      <Box component="nav" aria-label="Pagination" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
        <Button size="small" disabled={atStart} onClick={() => onPage(1)}>
          First
        </Button>
        <Button size="small" disabled={atStart} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pageButtons(page, lastPage).map((n) => (
          <Button
            key={n}
            size="small"
            variant={n === page ? 'contained' : 'text'}
            aria-label={`Page ${n}`}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPage(n)}
            sx={{ minWidth: 36 }}
          >
            {n}
          </Button>
        ))}
        <Button size="small" disabled={atEnd} onClick={() => onPage(page + 1)}>
          Next
        </Button>
        <Button size="small" disabled={atEnd} onClick={() => onPage(lastPage)}>
          Last
        </Button>
      </Box>
      <SelectField size="small" label="Per page" value={perPage} sx={{ minWidth: 110 }} onChange={choose}>
        {pageSizes.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </SelectField>
    </Box>
  );
}
