import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { EventType } from '@paydesk/shared/schemas/webhooks';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { eventTypeOptions, parseEventTypeFilter } from '../model/event-groups';

export interface EventFilter {
  type: EventType | 'all';
  /** `datetime-local` values, '' for no bound. */
  from: string;
  to: string;
}

/** DEV-07: the event list's type and time range. */
export function EventFilters({ value, onChange }: { value: EventFilter; onChange: (value: EventFilter) => void }) {
  const dateField = (key: 'from' | 'to', label: string) => (
    <TextField
      type="datetime-local"
      size="small"
      label={label}
      value={value[key]}
      sx={{ minWidth: 200 }}
      onChange={(e) => onChange({ ...value, [key]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <OptionsSelectField
        label="Type"
        value={value.type}
        options={eventTypeOptions}
        onChange={(type) => onChange({ ...value, type: parseEventTypeFilter(type) })}
      />
      {dateField('from', 'From')}
      {dateField('to', 'To')}
    </Box>
  );
}
