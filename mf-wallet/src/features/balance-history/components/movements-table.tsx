import Link from '@mui/material/Link';
import { generatePath, Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatMoney } from '@paydesk/shared/format';
import { controlPaths } from '@paydesk/shared/routes';
import { balanceTransactionTypeLabels, type BalanceTransactionObject } from '@paydesk/shared/schemas/balance';
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

/** BAL-05: the movements, newest first; on a phone the fee and the id give way. */
export function MovementsTable({ rows }: { rows: readonly BalanceTransactionObject[] }) {
  return <DataTable label="Balance movements" columns={columns} rows={rows} rowKey={(m) => m.id} hover={false} emptyText="No movements" />;
}
