import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatDateTime, formatMoney } from '@paydesk/shared/format';
import type { DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { disputePath, paymentPath } from '../../../lib/paths';
import { disputeReasonLabels } from '@paydesk/shared/dispute-reasons';
import { DisputeStatusChip } from './dispute-status-chip';
import { TimeLeftText } from './time-left-text';

const mono = { fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere' } as const;

/** The amount leads to the dispute's page: the one link of a row that names what it opens. */
const AmountLink = ({ dispute: d }: { dispute: DisputeObject }) => (
  <Link component={RouterLink} to={disputePath(d.id)} title={d.id} sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
    {formatMoney(d.amount)}
  </Link>
);

const PaymentLink = ({ id }: { id: string }) => (
  <Link component={RouterLink} to={paymentPath(id)} sx={mono} title={id}>
    {id}
  </Link>
);

const time = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });

/** The day, and the time under it: the column stays narrow enough for the six to fit beside the menu. */
const Created = ({ at }: { at: string }) => (
  <>
    {formatDate(at)}
    <Typography variant="caption" color="text.secondary" component="div">
      {time.format(new Date(at))}
    </Typography>
  </>
);

/** Fixed widths where the content has a known size (an amount, a chip, an id, a date); the reason takes what is left. */
const columns: DataColumn<DisputeObject>[] = [
  { key: 'amount', header: 'Amount', align: 'right', nowrap: true, width: 112, cell: (d) => <AmountLink dispute={d} /> },
  { key: 'reason', header: 'Reason', cell: (d) => disputeReasonLabels[d.reason] },
  { key: 'status', header: 'Status', nowrap: true, width: 184, cell: (d) => <DisputeStatusChip status={d.status} /> },
  { key: 'payment', header: 'Payment', width: 176, cell: (d) => <PaymentLink id={d.transaction_id} /> },
  { key: 'created', header: 'Created', nowrap: true, width: 124, cell: (d) => <Created at={d.created_at} /> },
  { key: 'respond', header: 'Time to respond', width: 212, cell: (d) => <TimeLeftText dispute={d} /> },
];

/** Below md, each dispute is a card with the same data: the page never scrolls sideways. */
function DisputeCards({ rows }: { rows: readonly DisputeObject[] }) {
  return (
    <Box component="ul" aria-label="Disputes" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {rows.map((d) => (
        <Box
          component="li"
          key={d.id}
          data-testid="dispute-row"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.75, minWidth: 0 }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <AmountLink dispute={d} />
            <DisputeStatusChip status={d.status} />
          </Box>
          <Box>
            <Typography variant="body2">{disputeReasonLabels[d.reason]}</Typography>
            <Typography variant="caption" color="text.secondary">
              Opened {formatDateTime(d.created_at)}
            </Typography>
          </Box>
          <TimeLeftText dispute={d} />
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Payment <PaymentLink id={d.transaction_id} />
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The disputes of one page: a table on a desk, cards on a phone. */
export function DisputesTable({ rows }: { rows: readonly DisputeObject[] }) {
  return (
    <DataTable
      label="Disputes"
      columns={columns}
      rows={rows}
      rowKey={(d) => d.id}
      rowTestId="dispute-row"
      emptyText="No disputes found"
      cards={{ below: 'md', render: (r) => <DisputeCards rows={r} /> }}
    />
  );
}
