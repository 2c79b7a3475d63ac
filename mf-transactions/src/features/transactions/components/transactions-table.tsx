import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatMoney } from '@paydesk/shared/format';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { StatusBadge } from '../../../components/status-badge';
import { transactionDetailsPath } from '../../../lib/paths';
import { partialRefundLabel } from '../model/refund-progress';

const columns = ['Transaction ID', 'Customer', 'Amount', 'Payment Method', 'Switch Used', 'Status', 'Date', 'Actions'] as const;

export const paymentMethod = (t: Pick<Transaction, 'card_brand' | 'last_four'>): string =>
  `${t.card_brand ?? 'Card'} ${t.last_four ? `•••• ${t.last_four}` : ''}`.trim();

export function TransactionsTable({ rows }: { rows: readonly Transaction[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Transactions">
        <TableHead>
          <TableRow>{columns.map((c) => <TableCell key={c}>{c}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.map((t) => (
            <TableRow key={t.id} hover data-testid="transaction-row">
              <TableCell sx={{ fontFamily: 'monospace' }}>{t.transaction_id}</TableCell>
              <TableCell>
                <Typography variant="body2">{t.first_name} {t.last_name}</Typography>
                <Typography variant="caption" color="text.secondary">{t.email}</Typography>
              </TableCell>
              <TableCell>
                {formatMoney(t.payment_amount)}
                {partialRefundLabel(t) ? <Typography variant="caption" color="text.secondary" component="div">{partialRefundLabel(t)}</Typography> : null}
              </TableCell>
              <TableCell>{paymentMethod(t)}</TableCell>
              <TableCell>{t.provider_key?.key_name ?? 'N/A'}</TableCell>
              <TableCell><StatusBadge status={t.status} /></TableCell>
              <TableCell>{formatDateTime(t.created_at)}</TableCell>
              <TableCell>
                <IconButton component={RouterLink} to={transactionDetailsPath(t.id)} aria-label={`View ${t.transaction_id}`} size="small">
                  <VisibilityIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
