import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import type { BalanceListState } from '../model/balance-list';
import { parseType, typeOptions } from '../model/balance-list';

/** Each filter fills a cell of a wrapping row: one line on a desk, a line each on a phone. */
const row = { display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 } as const;
const cell = (grow: number, basis: string) => ({ flex: `${grow} 1 ${basis}`, minWidth: 0 });

export type BalanceFilterForm = Pick<BalanceListState, 'from' | 'to' | 'type' | 'source' | 'withdrawal'>;

function DayField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/**
 * The days of the range (both included; the summary and the list read the same) and the list's
 * own filters: a type, the object a movement comes from, a withdrawal's own movements.
 */
export function BalanceFilters({
  value,
  days,
  onChange,
}: {
  value: BalanceFilterForm;
  /** The days shown when the address names none (this month so far). */
  days: { first: string; last: string };
  onChange: (change: Partial<BalanceFilterForm>) => void;
}) {
  return (
    <Box sx={row} data-testid="balance-filters">
      <Box sx={cell(1, '160px')}>
        <DayField label="From" value={value.from || days.first} onChange={(from) => onChange({ from })} />
      </Box>
      <Box sx={cell(1, '160px')}>
        <DayField label="To" value={value.to || days.last} onChange={(to) => onChange({ to })} />
      </Box>
      <Box sx={cell(1, '180px')}>
        <OptionsSelectField
          label="Type"
          value={value.type || 'all'}
          options={typeOptions}
          onChange={(type) => onChange({ type: parseType(type) })}
        />
      </Box>
      <Box sx={cell(2, '220px')}>
        <TextField
          size="small"
          label="Source"
          placeholder="TXN…, re_…, dp_… or WD…"
          value={value.source}
          onChange={(e) => onChange({ source: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 64 }, inputLabel: { shrink: true } }}
        />
      </Box>
      <Box sx={cell(2, '200px')}>
        <TextField
          size="small"
          label="Withdrawal"
          placeholder="WD…"
          value={value.withdrawal}
          onChange={(e) => onChange({ withdrawal: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 64 }, inputLabel: { shrink: true } }}
        />
      </Box>
    </Box>
  );
}
