import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '@paydesk/shared/format';
import type { WebhookEvent } from '@paydesk/shared/schemas/webhooks';
import { TableRegion } from '@paydesk/shared/ui/table-region';

const columns = ['Event', 'Type', 'Created', ''] as const;

/** DEV-07: the events, each opened with View. */
export function EventsTable({ rows, onView }: { rows: readonly WebhookEvent[]; onView: (event: WebhookEvent) => void }) {
  return (
    <TableRegion label="Events">
      <Table size="small" aria-label="Events">
        <TableHead>
          <TableRow>
            {columns.map((c, i) => (
              <TableCell key={i}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((e) => (
            <TableRow key={e.id} hover>
              <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{e.id}</TableCell>
              <TableCell>{e.type}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(new Date(e.created * 1000))}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => onView(e)} aria-label={`View ${e.id}`}>
                  View
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
