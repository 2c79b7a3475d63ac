import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@paydesk/shared/format';
import type { AuditEntry } from '@paydesk/shared/schemas/audit';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';

const show = (value: unknown): string => (value === undefined ? '–' : Array.isArray(value) ? value.join(', ') : String(value));

/** `field: from → to` for each changed field. */
export const changeText = (changes: AuditEntry['changes']): string =>
  Object.entries(changes)
    .map(([field, change]) =>
      'from' in change && 'to' in change
        ? `${field}: ${show(change.from)} → ${show(change.to)}`
        : `${field}: ${show('to' in change ? change.to : change.from)}`,
    )
    .join('; ');

const columns: DataColumn<AuditEntry>[] = [
  { key: 'time', header: 'Time', nowrap: true, cell: (entry) => formatDateTime(entry.occurred_at) },
  {
    key: 'actor',
    header: 'Actor',
    cell: (entry) =>
      entry.actor ? (
        entry.actor.email
      ) : (
        <Typography component="span" color="text.secondary">
          Anonymous
        </Typography>
      ),
  },
  { key: 'action', header: 'Action', nowrap: true, cell: (entry) => <code>{entry.action}</code> },
  { key: 'target', header: 'Target', cell: (entry) => (entry.target ? `${entry.target.type} ${entry.target.id}` : '–') },
  { key: 'changes', header: 'Changes', sx: { wordBreak: 'break-word' }, cell: (entry) => changeText(entry.changes) || '–' },
  {
    key: 'client',
    header: 'Client',
    cell: (entry) => (
      <Tooltip title={entry.user_agent ?? ''}>
        <span>{entry.client_ip ?? '–'}</span>
      </Tooltip>
    ),
  },
];

export function AuditTable({ rows }: { rows: readonly AuditEntry[] }) {
  return (
    <DataTable
      label="Audit log"
      columns={columns}
      rows={rows}
      rowKey={(entry) => entry.id}
      rowTestId={(entry) => `audit-row-${entry.id}`}
      emptyText="No audit entries"
    />
  );
}
