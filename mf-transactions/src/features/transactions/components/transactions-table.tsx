import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Link as RouterLink } from 'react-router-dom';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { StatusBadge } from '../../../components/status-badge';
import { DateTimeText, MoneyText, oneLine, paymentMethod, TransactionIdText } from '../../../components/transaction-text';
import { transactionDetailsPath } from '../../../lib/paths';
import { partialRefundLabel } from '../../../lib/refund-progress';
import { TableRegion } from '@paydesk/shared/ui/table-region';

/**
 * Fixed widths where the content has a known size (a date, a badge, an icon); the customer and the
 * payment method share what is left, cut with an ellipsis, so the table never outgrows its card.
 */
const columns = [
  { name: 'Transaction ID', width: 140 },
  { name: 'Customer' },
  { name: 'Amount', width: 108, align: 'right' },
  { name: 'Payment Method' },
  { name: 'Switch Used', width: 136 },
  { name: 'Status', width: 120 },
  { name: 'Date', width: 180 },
  { name: 'Actions', width: 84 },
] as const satisfies readonly { name: string; width?: number; align?: 'right' }[];

/**
 * A page holding a partly refunded payment widens the Amount column so that `Refunded $X of $Y`
 * (REF-05, 12 px) fits on one line, the flexible columns giving way; a very long one may still wrap.
 */
function amountWidth(rows: readonly Transaction[]): number {
  const longest = Math.max(0, ...rows.map((t) => partialRefundLabel(t)?.length ?? 0));
  return Math.min(220, Math.max(108, Math.ceil(longest * 7) + 16));
}

const denseCells = {
  tableLayout: 'fixed',
  '& td, & th': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', px: 1 },
  '& td': { fontSize: (theme: Theme) => theme.typography.pxToRem(13) },
} as const;

/**
 * The desk layout of TXN-04 and TXN-20: one line a cell (a second, smaller line for the e-mail and
 * a partial refund), so a row is about 50 px high; amounts right-aligned in
 * tabular figures; 13 px text, as dense payment dashboards use, so the eight columns fit beside
 * the navigation (docs/decisions/dense-transactions-table.md).
 */
export function TransactionsTable({ rows }: { rows: readonly Transaction[] }) {
  return (
    <TableRegion label="Transactions">
      <Table size="small" aria-label="Transactions" sx={denseCells}>
        <colgroup>
          {columns.map((c) => (
            <col key={c.name} style={'width' in c ? { width: c.name === 'Amount' ? amountWidth(rows) : c.width } : undefined} />
          ))}
        </colgroup>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.name} align={'align' in c ? c.align : 'left'}>
                {c.name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((t) => (
            <TableRow key={t.id} hover data-testid="transaction-row">
              <TableCell>
                <TransactionIdText id={t.transaction_id} maxWidth="100%" />
              </TableCell>
              <TableCell>
                <Typography variant="inherit" sx={oneLine}>
                  {t.first_name} {t.last_name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div" title={t.email} sx={oneLine}>
                  {t.email}
                </Typography>
              </TableCell>
              <TableCell align="right">
                <MoneyText amount={t.payment_amount} />
                {/* Its figures must show whole: never cut with an ellipsis. */}
                {partialRefundLabel(t) ? (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
                    {partialRefundLabel(t)}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell title={paymentMethod(t)}>{paymentMethod(t)}</TableCell>
              <TableCell>{t.provider_key?.key_name ?? 'N/A'}</TableCell>
              <TableCell>
                <StatusBadge status={t.status} />
              </TableCell>
              <TableCell>
                <DateTimeText value={t.created_at} />
              </TableCell>
              <TableCell>
                <IconButton component={RouterLink} to={transactionDetailsPath(t.id)} aria-label={`View ${t.transaction_id}`} size="small">
                  <VisibilityIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
