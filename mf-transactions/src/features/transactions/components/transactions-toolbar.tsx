import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';
import { statusOptions, type ListFilters } from '../model/list-filters';

interface Props {
  search: string;
  status: ListFilters['status'];
  onSearch: (value: string) => void;
  onStatus: (value: ListFilters['status']) => void;
}

// Native selects: a MUI MenuItem from this remote does not see the MenuList context of the
// shell's shared Select (MUI is shared per component path, its internal modules are not).
export function TransactionsToolbar({ search, status, onSearch, onStatus }: Props) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <TextField
        size="small"
        sx={{ flex: '1 1 320px' }}
        placeholder="Search by customer name, email, or transaction ID..."
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': 'Search transactions', maxLength: 200 },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
        }}
      />
      <TextField
        select
        size="small"
        label="Status"
        value={status}
        onChange={(event) => onStatus(event.target.value as ListFilters['status'])}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {statusOptions.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </TextField>
    </Box>
  );
}
