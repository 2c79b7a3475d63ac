import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { StatusBadge } from '../../../components/status-badge';
import { TransactionCards } from '../../../components/transaction-cards';
import { DateTimeText, MoneyText, TransactionIdText } from '../../../components/transaction-text';
import { transactionDetailsPath } from '../../../lib/paths';
import { useGetRecentTransactionsQuery } from '../api/dashboard-api';
import { TableRegion } from '@paydesk/shared/ui/table-region';

function RecentTable({ rows }: { rows: readonly Transaction[] }) {
  return (
    <TableRegion label="Recent transactions">
      <Table size="small" aria-label="Recent transactions" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>Transaction ID</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Date</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((t) => (
            <TableRow key={t.id} data-testid="recent-row">
              <TableCell>
                <Link component={RouterLink} to={transactionDetailsPath(t.id)}>
                  <TransactionIdText id={t.transaction_id} />
                </Link>
              </TableCell>
              <TableCell>
                {t.first_name} {t.last_name}
              </TableCell>
              <TableCell align="right">
                <MoneyText amount={t.payment_amount} />
              </TableCell>
              <TableCell>
                <StatusBadge status={t.status} />
              </TableCell>
              <TableCell>
                <DateTimeText value={t.created_at} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}

/** DASH's latest transactions: the same table on a desk and the same cards on a phone as Transaction Monitoring. */
export function RecentTransactions() {
  const recent = useGetRecentTransactionsQuery();
  const narrow = useMediaQuery(useTheme().breakpoints.down('lg'));
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Recent Transactions
        </Typography>
        <QueryState
          isLoading={recent.isLoading}
          error={recent.error}
          data={recent.data}
          isEmpty={(rows) => rows.length === 0}
          emptyText="No transactions yet"
          errorText="Recent transactions could not be loaded."
          onRetry={() => void recent.refetch()}
        >
          {(rows) => (narrow ? <TransactionCards rows={rows} label="Recent transactions" /> : <RecentTable rows={rows} />)}
        </QueryState>
      </CardContent>
    </Card>
  );
}
