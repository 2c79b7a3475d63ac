import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { DateTimeField, OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { actionOptions, parseAction, type AuditFilterForm } from '../model/audit-filter';

/** AUD-05: the trail filtered by who acted (e-mail address), what they did, and when. */
export function AuditFilters({ value, onChange }: { value: AuditFilterForm; onChange: (value: AuditFilterForm) => void }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      <TextField
        size="small"
        label="Actor e-mail"
        value={value.actor}
        sx={{ flex: '1 1 240px' }}
        onChange={(e) => onChange({ ...value, actor: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 254 }, inputLabel: { shrink: true } }}
      />
      <OptionsSelectField
        label="Action"
        value={value.action}
        options={actionOptions}
        onChange={(action) => onChange({ ...value, action: parseAction(action) })}
      />
      <DateTimeField label="From" value={value.from} onChange={(from) => onChange({ ...value, from })} />
      <DateTimeField label="To" value={value.to} onChange={(to) => onChange({ ...value, to })} />
    </Box>
  );
}
