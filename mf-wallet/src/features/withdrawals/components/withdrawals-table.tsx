import Typography from '@mui/material/Typography';
import { formatDateTime, formatMoney } from '@paydesk/shared/format';
import type { Withdrawal } from '@paydesk/shared/schemas/wallet';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { WithdrawalStatusChip } from './withdrawal-status-chip';

const columns: DataColumn<Withdrawal>[] = [
  { key: 'reference', header: 'Reference', sx: { fontFamily: 'monospace' }, cell: (w) => w.transaction_id },
  { key: 'amount', header: 'Amount', cell: (w) => formatMoney(w.amount) },
  {
    key: 'account',
    header: 'Account Details',
    cell: (w) => (
      <>
        <Typography variant="body2">{w.account_name}</Typography>
        <Typography variant="caption" color="text.secondary">
          {w.bank_name} · {w.account_number}
        </Typography>
      </>
    ),
  },
  { key: 'status', header: 'Status', cell: (w) => <WithdrawalStatusChip status={w.status} /> },
  { key: 'requested', header: 'Requested', cell: (w) => formatDateTime(w.created_at) },
  { key: 'processed', header: 'Processed', cell: (w) => (w.processed_at ? formatDateTime(w.processed_at) : '—') },
  { key: 'reason', header: 'Reason', cell: (w) => w.failure_reason ?? (w.reason || '—') },
];

/** WAL-05's seven columns. Reason shows why a withdrawal failed, else the requester's reason. */
export function WithdrawalsTable({ rows }: { rows: readonly Withdrawal[] }) {
  return <DataTable label="Withdrawals" columns={columns} rows={rows} rowKey={(w) => w.id} hover={false} emptyText="No withdrawals yet" />;
}
