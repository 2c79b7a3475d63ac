import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link, generatePath } from 'react-router-dom';
import { formatDateTime } from '@paydesk/shared/format';
import { controlPaths } from '@paydesk/shared/routes';
import type { WebhookEndpoint } from '@paydesk/shared/schemas/webhooks';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { LabelChip } from '@paydesk/shared/ui/label-chip';
import { EndpointStatusChip } from './status-chips';

const columns: DataColumn<WebhookEndpoint>[] = [
  {
    key: 'url',
    header: 'URL',
    sx: { maxWidth: 320, wordBreak: 'break-all' },
    cell: (e) => <Link to={generatePath(controlPaths.webhookEndpoint, { id: e.id })}>{e.url}</Link>,
  },
  { key: 'description', header: 'Description', cell: (e) => e.description || '—' },
  {
    key: 'events',
    header: 'Events',
    cell: (e) =>
      e.event_types.length <= 2 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {e.event_types.map((t) => (
            <LabelChip key={t} label={t} />
          ))}
        </Box>
      ) : (
        <Typography variant="body2">{e.event_types.length} events</Typography>
      ),
  },
  { key: 'status', header: 'Status', cell: (e) => <EndpointStatusChip status={e.status} /> },
  { key: 'created', header: 'Created', nowrap: true, cell: (e) => formatDateTime(e.created_at) },
];

/** DEV-02: the endpoints, each URL a link to its page. A few types as chips, more as a count. */
export function EndpointsTable({ rows }: { rows: readonly WebhookEndpoint[] }) {
  return <DataTable label="Webhook endpoints" columns={columns} rows={rows} rowKey={(e) => e.id} emptyText="No endpoints yet" />;
}
