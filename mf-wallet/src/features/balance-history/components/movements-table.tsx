import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { generatePath, Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatMoney } from '@paydesk/shared/format';
import { controlPaths } from '@paydesk/shared/routes';
import { balanceTransactionTypeLabels, type BalanceTransactionObject } from '@paydesk/shared/schemas/balance';
import { CardList, ListCard } from '@paydesk/shared/ui/card-list';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { LabelChip } from '@paydesk/shared/ui/label-chip';

const monospace = { fontFamily: 'monospace', overflowWrap: 'anywhere' } as const;

/** The object a movement comes from: a payment's, refund's or dispute's leads to the payment's details. */
function Source({ movement }: { movement: BalanceTransactionObject }) {
  if (!movement.transaction_id) return <>{movement.source}</>;
  return (
    <Link component={RouterLink} to={generatePath(controlPaths.transactionDetails, { id: movement.transaction_id })} sx={monospace}>
      {movement.source}
    </Link>
  );
}

const columns: DataColumn<BalanceTransactionObject>[] = [
  { key: 'created', header: 'Date', nowrap: true, cell: (m) => formatDateTime(m.created_at) },
  { key: 'type', header: 'Type', cell: (m) => <LabelChip label={balanceTransactionTypeLabels[m.type]} /> },
  { key: 'amount', header: 'Amount', align: 'right', nowrap: true, cell: (m) => formatMoney(m.amount) },
  { key: 'fee', header: 'Fee', align: 'right', nowrap: true, hideOnPhone: true, cell: (m) => formatMoney(m.fee) },
  { key: 'net', header: 'Net', align: 'right', nowrap: true, cell: (m) => formatMoney(m.net) },
  { key: 'source', header: 'Source', sx: monospace, cell: (m) => <Source movement={m} /> },
  { key: 'id', header: 'ID', sx: monospace, hideOnPhone: true, cell: (m) => m.id },
];

const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** On a phone each movement is a card: its type and net on the first line, its time and amount, then its source. */
function MovementCards({ rows }: { rows: readonly BalanceTransactionObject[] }) {
  return (
    <CardList label="Balance movements">
      {rows.map((m) => (
        <ListCard key={m.id} testId="movement-card">
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
            <LabelChip label={balanceTransactionTypeLabels[m.type]} />
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatMoney(m.net)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="caption" color="text.secondary" sx={oneLine}>
              {formatDateTime(m.created_at)}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(m.amount)}
              {m.fee === '0.00' ? '' : ` · fee ${formatMoney(m.fee)}`}
            </Typography>
          </Box>
          <Typography variant="caption" sx={monospace}>
            <Source movement={m} />
          </Typography>
        </ListCard>
      ))}
    </CardList>
  );
}

/** BAL-05: the movements, newest first; on a phone, cards instead of a table wider than the screen. */
export function MovementsTable({ rows }: { rows: readonly BalanceTransactionObject[] }) {
  return (
    <DataTable
      label="Balance movements"
      columns={columns}
      rows={rows}
      rowKey={(m) => m.id}
      hover={false}
      emptyText="No movements"
      cards={{ below: 'sm', render: (cardRows) => <MovementCards rows={cardRows} /> }}
    />
  );
}
