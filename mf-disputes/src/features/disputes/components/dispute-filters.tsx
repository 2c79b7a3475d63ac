import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { statusOptions, type DisputeListState } from '../model/list-filters';

type Filter = Pick<DisputeListState, 'status' | 'from' | 'to'>;

const parseStatus = (value: string): Filter['status'] => statusOptions.find((option) => option.value === value)?.value ?? 'all';

/** A day in the browser's time zone, its label always raised: '' is no bound. */
function DayField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** The list's status and the days it opened between; each change reloads from page 1. */
export function DisputeFilters({ value, onChange }: { value: Filter; onChange: (change: Partial<Filter>) => void }) {
  return (
    // Stacked on a phone; side by side from sm, each as wide as its content needs.
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 220px))' }, gap: 2, mb: 2 }}>
      <OptionsSelectField
        label="Status"
        value={value.status}
        options={statusOptions}
        onChange={(status) => onChange({ status: parseStatus(status) })}
      />
      <DayField label="Opened from" value={value.from} onChange={(from) => onChange({ from })} />
      <DayField label="Opened to" value={value.to} onChange={(to) => onChange({ to })} />
    </Box>
  );
}
