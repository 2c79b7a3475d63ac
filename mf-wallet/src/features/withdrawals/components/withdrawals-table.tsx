import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatMoney } from '@paydesk/shared/format';
import type { Withdrawal } from '@paydesk/shared/schemas/wallet';
import { WithdrawalStatusChip } from './withdrawal-status-chip';
import { TableRegion } from '@paydesk/shared/ui/table-region';

const columns = ['Reference', 'Amount', 'Account Details', 'Status', 'Requested', 'Processed', 'Reason'] as const;

/** WAL-05's seven columns. Reason shows why a withdrawal failed, else the requester's reason. */
export function WithdrawalsTable({ rows }: { rows: readonly Withdrawal[] }) {
  return (
    <TableRegion label="Withdrawals">
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c}>{c}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((w) => (
            <TableRow key={w.id}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{w.transaction_id}</TableCell>
              <TableCell>{formatMoney(w.amount)}</TableCell>
              <TableCell>
                <Typography variant="body2">{w.account_name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {w.bank_name} · {w.account_number}
                </Typography>
              </TableCell>
              <TableCell>
                <WithdrawalStatusChip status={w.status} />
              </TableCell>
              <TableCell>{formatDateTime(w.created_at)}</TableCell>
              <TableCell>{w.processed_at ? formatDateTime(w.processed_at) : '—'}</TableCell>
              <TableCell>{w.failure_reason ?? (w.reason || '—')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
