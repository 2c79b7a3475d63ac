import Button from '@mui/material/Button';
import { formatDateTime } from '@paydesk/shared/format';
import type { WebhookEvent } from '@paydesk/shared/schemas/webhooks';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';

/** DEV-07: the events, each opened with View. */
export function EventsTable({ rows, onView }: { rows: readonly WebhookEvent[]; onView: (event: WebhookEvent) => void }) {
  const columns: DataColumn<WebhookEvent>[] = [
    { key: 'event', header: 'Event', sx: { fontFamily: 'monospace', wordBreak: 'break-all' }, cell: (e) => e.id },
    { key: 'type', header: 'Type', cell: (e) => e.type },
    { key: 'created', header: 'Created', nowrap: true, cell: (e) => formatDateTime(new Date(e.created * 1000)) },
    {
      key: 'view',
      header: '',
      cell: (e) => (
        <Button size="small" onClick={() => onView(e)} aria-label={`View ${e.id}`}>
          View
        </Button>
      ),
    },
  ];
  return <DataTable label="Events" columns={columns} rows={rows} rowKey={(e) => e.id} emptyText="No events yet" />;
}
