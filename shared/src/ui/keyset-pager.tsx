import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { OptionsSelectField } from './list-controls';

interface Props<N extends number> {
  /** The page size shown, and those offered. */
  limit: N;
  sizes: readonly N[];
  onLimit: (size: N) => void;
  /** Absent on the newest page. */
  onNewer?: () => void;
  /** Absent on the oldest page. */
  onOlder?: () => void;
  testId?: string;
}

/** Under a keyset-paged list (newest first, no page numbers to jump to): the page size, then Newer and Older. */
export function KeysetPager<N extends number>({ limit, sizes, onLimit, onNewer, onOlder, testId }: Props<N>) {
  const options = sizes.map((size) => ({ value: String(size), label: `${size} per page` }));
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'flex-end', mt: 2 }}>
      {/* As wide as its longest choice: the theme's fields are full width, this one sits beside two buttons. */}
      <Box sx={{ flex: '0 0 auto' }} data-testid={testId}>
        <OptionsSelectField
          label="Rows"
          value={String(limit)}
          options={options}
          onChange={(value) => onLimit(sizes.find((size) => String(size) === value) ?? limit)}
        />
      </Box>
      {/* Together: on a phone they wrap below the selector as a pair, never one without the other. */}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button onClick={onNewer} disabled={!onNewer}>
          Newer
        </Button>
        <Button onClick={onOlder} disabled={!onOlder}>
          Older
        </Button>
      </Box>
    </Box>
  );
}
