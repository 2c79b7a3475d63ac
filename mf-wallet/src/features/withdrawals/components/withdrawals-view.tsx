import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useListState } from '@paydesk/shared/list-state';
import { OptionsSelectField } from '@paydesk/shared/ui/list-controls';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { notify } from '@paydesk/shared/ui/notify';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetWalletBalanceQuery, useGetWithdrawalsQuery } from '../api/wallet-api';
import { filterWithdrawals, parseStatusFilter, statusOptions, withdrawalListFields } from '../model/status-filter';
import { WITHDRAWALS_CSV, withdrawalsCsv } from '../model/withdrawals-csv';
import { downloadText } from '@paydesk/shared/csv';
import { formatCount } from '@paydesk/shared/format';
import { centsOf } from '@paydesk/shared/money';
import { WalletBalanceCard } from './wallet-balance-card';
import { WithdrawalDialog } from './withdrawal-dialog';
import { WithdrawalsTable } from './withdrawals-table';

/**
 * The Withdrawals screen (WAL-01 to WAL-06). Fetch errors are not toasted (ERR-11): they show in
 * place. The address keeps the status filter.
 */
export function WithdrawalsView() {
  const balance = useGetWalletBalanceQuery();
  const list = useGetWithdrawalsQuery();
  const [{ status }, setFilters] = useListState(withdrawalListFields);
  const [dialogOpen, setDialogOpen] = useState(false);
  const rows = filterWithdrawals(list.data ?? [], status);

  const refresh = () => {
    void balance.refetch();
    void list.refetch();
  };
  const exportCsv = () => {
    downloadText(WITHDRAWALS_CSV, withdrawalsCsv(rows));
    notify(
      'success',
      'Export Complete',
      `${formatCount(rows.length)} withdrawal${rows.length === 1 ? '' : 's'} exported to ${WITHDRAWALS_CSV}`,
    );
  };
  const availableCents = balance.data ? centsOf(balance.data.available_balance) : 0;

  return (
    <Box>
      <PageHeader
        title="Withdrawals"
        actions={
          <>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh}>
              Refresh
            </Button>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={!list.data}>
              Export
            </Button>
          </>
        }
      />
      <WalletBalanceCard balance={balance.data} onNewWithdrawal={() => setDialogOpen(true)} />
      <Card variant="outlined">
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
            <Typography variant="h6" component="h2">
              Withdrawal History ({formatCount(rows.length)})
            </Typography>
            <OptionsSelectField
              label="Status"
              value={status}
              options={statusOptions}
              onChange={(value) => setFilters({ status: parseStatusFilter(value) })}
            />
          </Box>
          <QueryState
            isLoading={list.isLoading}
            error={list.error}
            data={list.data ? rows : undefined}
            isEmpty={(filtered) => filtered.length === 0}
            emptyText="No withdrawals found matching your criteria"
            errorText="Withdrawals could not be loaded."
            onRetry={() => void list.refetch()}
          >
            {(filtered) => <WithdrawalsTable rows={filtered} />}
          </QueryState>
        </CardContent>
      </Card>
      {dialogOpen ? <WithdrawalDialog availableCents={availableCents} onClose={() => setDialogOpen(false)} /> : null}
    </Box>
  );
}
