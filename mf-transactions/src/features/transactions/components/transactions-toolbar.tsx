import Box from '@mui/material/Box';
import SearchIcon from '@mui/icons-material/Search';
import { OptionsSelectField, SearchField } from '@paydesk/shared/ui/list-controls';
import { MAX_SEARCH, parseStatusFilter, statusOptions, type ListFilters } from '../model/list-filters';

interface Props {
  search: string;
  /** Why the search text is not searched, if it is not. */
  searchError?: string;
  status: ListFilters['status'];
  onSearch: (value: string) => void;
  onStatus: (value: ListFilters['status']) => void;
}

export function TransactionsToolbar({ search, searchError, status, onSearch, onStatus }: Props) {
  return (
    // Stacked on a phone; the search takes the line's room beside the status on anything wider.
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' }, alignItems: 'start', gap: 2, mb: 2 }}>
      <SearchField
        value={search}
        onChange={onSearch}
        placeholder="Search by customer name, email, or transaction ID..."
        label="Search transactions"
        maxLength={MAX_SEARCH}
        icon={<SearchIcon fontSize="small" />}
        error={searchError}
      />
      <OptionsSelectField label="Status" value={status} options={statusOptions} onChange={(value) => onStatus(parseStatusFilter(value))} />
    </Box>
  );
}
