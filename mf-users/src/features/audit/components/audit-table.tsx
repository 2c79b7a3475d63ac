import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@paydesk/shared/format';
import type { AuditEntry } from '@paydesk/shared/schemas/audit';
import { TableRegion } from '@paydesk/shared/ui/table-region';

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

export function AuditTable({ rows }: { rows: readonly AuditEntry[] }) {
  return (
    <TableRegion label="Audit log">
      <Table size="small" aria-label="Audit log">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Actor</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Target</TableCell>
            <TableCell>Changes</TableCell>
            <TableCell>Client</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((entry) => (
            <TableRow key={entry.id} hover data-testid={`audit-row-${entry.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.occurred_at)}</TableCell>
              <TableCell>
                {entry.actor ? (
                  entry.actor.email
                ) : (
                  <Typography component="span" color="text.secondary">
                    Anonymous
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <code>{entry.action}</code>
              </TableCell>
              <TableCell>{entry.target ? `${entry.target.type} ${entry.target.id}` : '–'}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{changeText(entry.changes) || '–'}</TableCell>
              <TableCell>
                <Tooltip title={entry.user_agent ?? ''}>
                  <span>{entry.client_ip ?? '–'}</span>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
