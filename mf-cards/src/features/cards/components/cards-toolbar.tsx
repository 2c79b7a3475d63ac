import Box from '@mui/material/Box';
import SearchIcon from '@mui/icons-material/Search';
import { OptionsSelectField, SearchField } from '@paydesk/shared/ui/list-controls';
import { cardStatusOptions, MAX_CARD_SEARCH, parseCardStatusFilter, type CardStatusFilter } from '../model/card-filters';

interface Props {
  search: string;
  status: CardStatusFilter;
  onSearch: (value: string) => void;
  onStatus: (value: CardStatusFilter) => void;
}

export function CardsToolbar({ search, status, onSearch, onStatus }: Props) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <SearchField
        value={search}
        onChange={onSearch}
        placeholder="Search cards..."
        label="Search cards"
        maxLength={MAX_CARD_SEARCH}
        icon={<SearchIcon fontSize="small" />}
      />
      <OptionsSelectField
        label="Status"
        value={status}
        options={cardStatusOptions}
        onChange={(value) => onStatus(parseCardStatusFilter(value))}
      />
    </Box>
  );
}
