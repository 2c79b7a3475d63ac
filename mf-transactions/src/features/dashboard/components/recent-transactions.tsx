import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, formatMoney } from '@paydesk/shared/format';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { StatusBadge } from '../../../components/status-badge';
import { transactionDetailsPath } from '../../../lib/paths';
import { useGetRecentTransactionsQuery } from '../api/dashboard-api';

export function RecentTransactions() {
  const recent = useGetRecentTransactionsQuery();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>Recent Transactions</Typography>
        <QueryState isLoading={recent.isLoading} error={recent.error} data={recent.data} isEmpty={(rows) => rows.length === 0}
          emptyText="No transactions yet" errorText="Recent transactions could not be loaded." onRetry={() => void recent.refetch()}>
          {(rows) => (
            <Table size="small" aria-label="Recent transactions">
              <TableHead>
                <TableRow>{['Transaction ID', 'Customer', 'Amount', 'Status', 'Date'].map((c) => <TableCell key={c}>{c}</TableCell>)}</TableRow>
              </TableHead>
              <TableBody>
                {rows.map((t) => (
                  <TableRow key={t.id}>
                    <TableCell><Link component={RouterLink} to={transactionDetailsPath(t.id)} sx={{ fontFamily: 'monospace' }}>{t.transaction_id}</Link></TableCell>
                    <TableCell>{t.first_name} {t.last_name}</TableCell>
                    <TableCell>{formatMoney(t.payment_amount)}</TableCell>
                    <TableCell><StatusBadge status={t.status} /></TableCell>
                    <TableCell>{formatDateTime(t.created_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
