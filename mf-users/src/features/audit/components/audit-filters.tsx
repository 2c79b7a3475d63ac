import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { DateTimeField, OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { actionOptions, parseAction, type AuditFilterForm } from '../model/audit-filter';

/**
 * Each filter fills a cell of a wrapping row (the theme makes fields full width): on a desk the
 * four share one line, the e-mail address widest; on a phone each takes a line of its own.
 */
const row = { display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 } as const;
const cell = (grow: number, basis: string) => ({ flex: `${grow} 1 ${basis}`, minWidth: 0 });

/** AUD-05: the trail filtered by who acted (e-mail address), what they did, and when. */
export function AuditFilters({ value, onChange }: { value: AuditFilterForm; onChange: (change: Partial<AuditFilterForm>) => void }) {
  return (
    <Box sx={row} data-testid="audit-filters">
      <Box sx={cell(2, '240px')}>
        <TextField
          size="small"
          label="Actor e-mail"
          value={value.actor}
          onChange={(e) => onChange({ actor: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 254 }, inputLabel: { shrink: true } }}
        />
      </Box>
      <Box sx={cell(1, '180px')}>
        <OptionsSelectField
          label="Action"
          value={value.action}
          options={actionOptions}
          onChange={(action) => onChange({ action: parseAction(action) })}
        />
      </Box>
      <Box sx={cell(1, '210px')}>
        <DateTimeField label="From" value={value.from} onChange={(from) => onChange({ from })} />
      </Box>
      <Box sx={cell(1, '210px')}>
        <DateTimeField label="To" value={value.to} onChange={(to) => onChange({ to })} />
      </Box>
    </Box>
  );
}
