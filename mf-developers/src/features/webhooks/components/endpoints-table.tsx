import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link, generatePath } from 'react-router-dom';
import { formatDateTime } from '@paydesk/shared/format';
import { controlPaths } from '@paydesk/shared/routes';
import type { WebhookEndpoint } from '@paydesk/shared/schemas/webhooks';
import { EndpointStatusChip } from './status-chips';
import { TableRegion } from '@paydesk/shared/ui/table-region';

const columns = ['URL', 'Description', 'Events', 'Status', 'Created'] as const;

/** DEV-02: the endpoints, each URL a link to its page. A few types as chips, more as a count. */
export function EndpointsTable({ rows }: { rows: readonly WebhookEndpoint[] }) {
  return (
    <TableRegion label="Webhook endpoints">
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((e) => (
            <TableRow key={e.id} hover>
              <TableCell sx={{ maxWidth: 320, wordBreak: 'break-all' }}>
                <Link to={generatePath(controlPaths.webhookEndpoint, { id: e.id })}>{e.url}</Link>
              </TableCell>
              <TableCell>{e.description || '—'}</TableCell>
              <TableCell>
                {e.event_types.length <= 2 ? (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {e.event_types.map((t) => (
                      <Chip key={t} size="small" variant="outlined" label={t} />
                    ))}
                  </Box>
                ) : (
                  <Typography variant="body2">{e.event_types.length} events</Typography>
                )}
              </TableCell>
              <TableCell>
                <EndpointStatusChip status={e.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
