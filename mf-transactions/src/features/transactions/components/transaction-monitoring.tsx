import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import { notify } from '@paydesk/shared/ui/notify';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { PaginationBar } from '@paydesk/shared/ui/pagination-bar';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { downloadText } from '@paydesk/shared/csv';
import { CARD_NUMBER_SEARCH_MESSAGE, pageSizes } from '@paydesk/shared/schemas/transaction';
import { useListState } from '@paydesk/shared/list-state';
import { useSettledText } from '@paydesk/shared/use-settled-text';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useGetTransactionsQuery } from '../api/transactions-api';
import { isSearchable, listFields } from '../model/list-filters';
import { TRANSACTIONS_CSV, transactionsCsv } from '../model/transactions-csv';
import { TransactionsList } from './transactions-list';
import { TransactionsToolbar } from './transactions-toolbar';

export const SEARCH_DEBOUNCE_MS = 400;

/**
 * Transaction Monitoring: the address holds the filters (useListState); search, status or page size
 * go back to page 1. A card number typed in the search is neither sent nor put in the URL: the box says why.
 */
export function TransactionMonitoring() {
  const [filters, setFilters] = useListState(listFields);
  const [searchInput, setSearchInput] = useSettledText(
    filters.search,
    (search) => {
      if (isSearchable(search)) setFilters({ search });
    },
    SEARCH_DEBOUNCE_MS,
  );

  const query = useGetTransactionsQuery(filters);
  useErrorToast(query.error, query.requestId, 'Error', 'Failed to fetch transaction data.');

  const refresh = async () => {
    const result = await query.refetch();
    if (!result.error) notify('success', 'Data Refreshed', 'Transactions are up to date.');
  };
  const exportPage = () => {
    downloadText(TRANSACTIONS_CSV, transactionsCsv(query.data?.data ?? []));
    notify('success', 'Export Complete', `${query.data?.data.length ?? 0} transactions exported to ${TRANSACTIONS_CSV}.`);
  };

  return (
    <>
      <PageHeader
        title="Transaction Monitoring"
        subtitle="Search, filter and inspect card transactions"
        actions={
          <>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportPage} disabled={!query.data}>
              Export
            </Button>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void refresh()} disabled={query.isFetching}>
              Refresh
            </Button>
          </>
        }
      />
      <Paper sx={{ p: 2 }}>
        <TransactionsToolbar
          search={searchInput}
          searchError={isSearchable(searchInput) ? undefined : CARD_NUMBER_SEARCH_MESSAGE}
          status={filters.status}
          onSearch={setSearchInput}
          onStatus={(status) => setFilters({ status })}
        />
        <QueryState
          isLoading={query.isLoading}
          error={query.error}
          data={query.data}
          isEmpty={(page) => page.total === 0}
          emptyText="No transactions found"
          errorText="Failed to fetch transaction data."
          onRetry={() => void query.refetch()}
        >
          {(page) => (
            <>
              <TransactionsList rows={page.data} />
              <PaginationBar
                page={page.current_page}
                lastPage={page.last_page}
                from={page.from}
                to={page.to}
                total={page.total}
                perPage={filters.perPage}
                pageSizes={pageSizes}
                onPage={(n) => setFilters({ page: n })}
                onPerPage={(perPage) => setFilters({ perPage })}
              />
            </>
          )}
        </QueryState>
      </Paper>
    </>
  );
}
