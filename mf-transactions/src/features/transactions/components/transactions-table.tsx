import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Link as RouterLink } from 'react-router-dom';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { StatusBadge } from '../../../components/status-badge';
import { DateTimeText, MoneyText, oneLine, paymentMethod, TransactionIdText } from '../../../components/transaction-text';
import { transactionDetailsPath } from '../../../lib/paths';
import { partialRefundLabel } from '../../../lib/refund-progress';

/**
 * A page holding a partly refunded payment widens the Amount column so that `Refunded $X of $Y`
 * (REF-05, 12 px) fits on one line, the flexible columns giving way; a very long one may still wrap.
 */
function amountWidth(rows: readonly Transaction[]): number {
  const longest = Math.max(0, ...rows.map((t) => partialRefundLabel(t)?.length ?? 0));
  return Math.min(220, Math.max(108, Math.ceil(longest * 7) + 16));
}

/**
 * Fixed widths where the content has a known size (a date, a badge, an icon); the customer and the
 * payment method share what is left, cut with an ellipsis, so the table never outgrows its card.
 */
const columnsFor = (rows: readonly Transaction[]): DataColumn<Transaction>[] => [
  { key: 'id', header: 'Transaction ID', width: 140, cell: (t) => <TransactionIdText id={t.transaction_id} maxWidth="100%" /> },
  {
    key: 'customer',
    header: 'Customer',
    cell: (t) => (
      <>
        <Typography variant="inherit" sx={oneLine}>
          {t.first_name} {t.last_name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" title={t.email} sx={oneLine}>
          {t.email}
        </Typography>
      </>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    width: amountWidth(rows),
    align: 'right',
    cell: (t) => (
      <>
        <MoneyText amount={t.payment_amount} />
        {/* Its figures must show whole: never cut with an ellipsis. */}
        {partialRefundLabel(t) ? (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'normal' }}>
            {partialRefundLabel(t)}
          </Typography>
        ) : null}
      </>
    ),
  },
  { key: 'method', header: 'Payment Method', title: (t) => paymentMethod(t), cell: (t) => paymentMethod(t) },
  { key: 'switch', header: 'Switch Used', width: 136, cell: (t) => t.provider_key?.key_name ?? 'N/A' },
  { key: 'status', header: 'Status', width: 120, cell: (t) => <StatusBadge status={t.status} /> },
  { key: 'date', header: 'Date', width: 180, cell: (t) => <DateTimeText value={t.created_at} /> },
  {
    key: 'actions',
    header: 'Actions',
    width: 84,
    cell: (t) => (
      <IconButton component={RouterLink} to={transactionDetailsPath(t.id)} aria-label={`View ${t.transaction_id}`} size="small">
        <VisibilityIcon fontSize="small" />
      </IconButton>
    ),
  },
];

/**
 * The desk layout of TXN-04 and TXN-20: one line a cell (a second, smaller line for the e-mail and
 * a partial refund), so a row is about 50 px high; amounts right-aligned in
 * tabular figures; 13 px text, as dense payment dashboards use, so the eight columns fit beside
 * the navigation (docs/decisions/dense-transactions-table.md).
 */
export function TransactionsTable({ rows }: { rows: readonly Transaction[] }) {
  return (
    <DataTable
      label="Transactions"
      columns={columnsFor(rows)}
      rows={rows}
      rowKey={(t) => t.id}
      rowTestId="transaction-row"
      dense
      emptyText="No transactions found"
    />
  );
}
