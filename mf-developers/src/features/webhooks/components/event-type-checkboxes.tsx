import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { eventTypes, type EventType } from '@paydesk/shared/schemas/webhooks';
import { eventGroups } from '../model/event-groups';

interface Props {
  value: readonly EventType[];
  onChange: (value: EventType[]) => void;
  error?: string;
}

/** The event types an endpoint hears, grouped, each group and the whole list with a select-all. */
export function EventTypeCheckboxes({ value, onChange, error }: Props) {
  const chosen = new Set(value);
  // Kept in the order of the contract, whatever order they were ticked in.
  const set = (types: readonly EventType[], on: boolean) => {
    const next = new Set(chosen);
    types.forEach((t) => (on ? next.add(t) : next.delete(t)));
    onChange(eventTypes.filter((t) => next.has(t)));
  };
  const all = (types: readonly EventType[]) => types.every((t) => chosen.has(t));
  const some = (types: readonly EventType[]) => types.some((t) => chosen.has(t)) && !all(types);

  return (
    <FormControl component="fieldset" error={error !== undefined}>
      <FormLabel component="legend">Events to send</FormLabel>
      <FormControlLabel
        label="Select all"
        control={
          <Checkbox checked={all(eventTypes)} indeterminate={some(eventTypes)} onChange={(e) => set(eventTypes, e.target.checked)} />
        }
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
        {eventGroups.map((group) => (
          <Box key={group.name} role="group" aria-label={`${group.label} events`}>
            <FormControlLabel
              label={group.label}
              control={
                <Checkbox
                  checked={all(group.types)}
                  indeterminate={some(group.types)}
                  onChange={(e) => set(group.types, e.target.checked)}
                />
              }
              slotProps={{ typography: { sx: { fontWeight: 600 } } }}
            />
            <Box sx={{ display: 'flex', flexDirection: 'column', pl: 3 }}>
              {group.types.map((type) => (
                <FormControlLabel
                  key={type}
                  label={type}
                  control={<Checkbox size="small" checked={chosen.has(type)} onChange={(e) => set([type], e.target.checked)} />}
                />
              ))}
            </Box>
          </Box>
        ))}
      </Box>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
