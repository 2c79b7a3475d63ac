import Box from '@mui/material/Box';
import type { EventType } from '@paydesk/shared/schemas/webhooks';
import { DateTimeField, OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { eventTypeOptions, parseEventTypeFilter } from '../model/event-groups';

export interface EventFilter {
  type: EventType | 'all';
  /** `datetime-local` values, '' for no bound. */
  from: string;
  to: string;
}

/** DEV-07: the event list's type and time range. */
export function EventFilters({ value, onChange }: { value: EventFilter; onChange: (value: EventFilter) => void }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <OptionsSelectField
        label="Type"
        value={value.type}
        options={eventTypeOptions}
        onChange={(type) => onChange({ ...value, type: parseEventTypeFilter(type) })}
      />
      <DateTimeField label="From" value={value.from} onChange={(from) => onChange({ ...value, from })} />
      <DateTimeField label="To" value={value.to} onChange={(to) => onChange({ ...value, to })} />
    </Box>
  );
}
