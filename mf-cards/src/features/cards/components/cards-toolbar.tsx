import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { cardStatusOptions, MAX_CARD_SEARCH, parseCardStatusFilter, type CardStatusFilter } from '../model/card-filters';

interface Props {
  search: string;
  status: CardStatusFilter;
  onSearch: (value: string) => void;
  onStatus: (value: CardStatusFilter) => void;
}

// A native select: a MUI MenuItem from this remote does not see the MenuList context of the
// shell's shared Select (README, Decisions).
export function CardsToolbar({ search, status, onSearch, onStatus }: Props) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <TextField
        size="small"
        sx={{ flex: '1 1 280px' }}
        placeholder="Search cards..."
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': 'Search cards', maxLength: MAX_CARD_SEARCH },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
        }}
      />
      <TextField
        select
        fullWidth={false}
        size="small"
        label="Status"
        value={status}
        onChange={(event) => onStatus(parseCardStatusFilter(event.target.value))}
        sx={{ minWidth: 180 }}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {cardStatusOptions.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </TextField>
    </Box>
  );
}
