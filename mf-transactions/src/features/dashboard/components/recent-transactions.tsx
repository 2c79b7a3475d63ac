import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { DataTable, type DataColumn } from '@paydesk/shared/ui/data-table';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { StatusBadge } from '../../../components/status-badge';
import { TransactionCards } from '../../../components/transaction-cards';
import { DateTimeText, MoneyText, TransactionIdText } from '../../../components/transaction-text';
import { transactionDetailsPath } from '../../../lib/paths';
import { useGetRecentTransactionsQuery } from '../api/dashboard-api';

const columns: DataColumn<Transaction>[] = [
  {
    key: 'id',
    header: 'Transaction ID',
    nowrap: true,
    cell: (t) => (
      <Link component={RouterLink} to={transactionDetailsPath(t.id)}>
        <TransactionIdText id={t.transaction_id} />
      </Link>
    ),
  },
  {
    key: 'customer',
    header: 'Customer',
    nowrap: true,
    cell: (t) => `${t.first_name} ${t.last_name}`,
  },
  { key: 'amount', header: 'Amount', align: 'right', nowrap: true, cell: (t) => <MoneyText amount={t.payment_amount} /> },
  { key: 'status', header: 'Status', nowrap: true, cell: (t) => <StatusBadge status={t.status} /> },
  { key: 'date', header: 'Date', nowrap: true, cell: (t) => <DateTimeText value={t.created_at} /> },
];

/** DASH's latest transactions: the same table on a desk and the same cards on a phone as Transaction Monitoring. */
export function RecentTransactions() {
  const recent = useGetRecentTransactionsQuery();
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
          {(rows) => (
            <DataTable
              label="Recent transactions"
              columns={columns}
              rows={rows}
              rowKey={(t) => t.id}
              rowTestId="recent-row"
              hover={false}
              // Below lg the columns do not fit beside the navigation: the cards of Transaction Monitoring.
              cards={{ below: 'lg', render: (cardRows) => <TransactionCards rows={cardRows} label="Recent transactions" /> }}
            />
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
