import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatMoney } from '@paydesk/shared/format';
import type { Withdrawal } from '@paydesk/shared/schemas/wallet';
import { useCan } from '@paydesk/shared/session/use-can';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { withdrawalMovementsAddress } from '../../../lib/balance-history-address';
import { WithdrawalStatusChip } from './withdrawal-status-chip';

const monospace = { fontFamily: 'monospace' } as const;

const columns = (movementsLinked: boolean): DataColumn<Withdrawal>[] => [
  {
    key: 'reference',
    header: 'Reference',
    sx: monospace,
    // The reference leads to the withdrawal's own movements in Balance history (BAL-05), for who may read them.
    cell: (w) =>
      movementsLinked ? (
        <Link
          component={RouterLink}
          to={withdrawalMovementsAddress(w)}
          aria-label={`Balance movements of ${w.transaction_id}`}
          sx={monospace}
        >
          {w.transaction_id}
        </Link>
      ) : (
        w.transaction_id
      ),
  },
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
  const movementsLinked = useCan('balance.view');
  return (
    <DataTable
      label="Withdrawals"
      columns={columns(movementsLinked)}
      rows={rows}
      rowKey={(w) => w.id}
      hover={false}
      emptyText="No withdrawals yet"
    />
  );
}
