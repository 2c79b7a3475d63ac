import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
import { readApiError } from '@paydesk/shared/api/api-error';
import { downloadText } from '@paydesk/shared/csv';
import { newerPage, olderPage, useListState } from '@paydesk/shared/list-state';
import { BALANCE_CSV, BALANCE_PAGE_SIZES, BALANCE_XLSX } from '@paydesk/shared/schemas/balance';
import { useSettledText } from '@paydesk/shared/use-settled-text';
import { KeysetPager } from '@paydesk/shared/ui/keyset-pager';
import { notify } from '@paydesk/shared/ui/notify';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetBalanceSummaryQuery, useGetMovementsQuery, useLazyExportMovementsQuery } from '../api/balance-api';
import { balanceListFields, daysOf, filterArgs, rangeOf } from '../model/balance-list';
import { BalanceFilters } from './balance-filters';
import { BalanceSummaryCard } from './balance-summary-card';
import { MovementsTable } from './movements-table';

const TEXT_DEBOUNCE_MS = 300;

/** Saves a file the server made (a `blob:` address) under its name, then lets the address go. */
function saveFile(address: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(address), 0);
}

/**
 * Balance history (BAL-05): what happened to the available balance over a range of days, and its
 * movements, newest first, filtered and paged by keyset (Newer / Older), exported as CSV or
 * `.xlsx` with every movement the filters select. The address keeps the range, the filters and
 * the page. Fetch errors show in place (ERR-11).
 */
export function BalanceHistoryView() {
  const [state, setState] = useListState(balanceListFields);
  const [source, setSource] = useSettledText(state.source, (text) => setState({ source: text }), TEXT_DEBOUNCE_MS);
  const [withdrawal, setWithdrawal] = useSettledText(state.withdrawal, (text) => setState({ withdrawal: text }), TEXT_DEBOUNCE_MS);
  const days = daysOf(state);
  const range = rangeOf(state);
  const skip = range === undefined;
  const filter = range ? filterArgs(state, range) : undefined;
  const summary = useGetBalanceSummaryQuery(range ?? { from: '', to: '' }, { skip, refetchOnMountOrArgChange: true });
  const { limit, before } = state;
  const list = useGetMovementsQuery(
    filter ? { ...filter, limit, before } : { from: '', to: '', type: '', source: '', withdrawal: '', limit, before },
    {
      skip,
      refetchOnMountOrArgChange: true,
    },
  );
  const [exportMovements, exporting] = useLazyExportMovementsQuery();

  const download = async (format: 'csv' | 'xlsx') => {
    if (!filter) return;
    const fileName = format === 'csv' ? BALANCE_CSV : BALANCE_XLSX;
    const result = await exportMovements({ ...filter, format });
    if (result.data === undefined) {
      notify('error', 'Export Failed', readApiError(result.error).message ?? 'Balance history could not be exported.');
      return;
    }
    if (format === 'csv') downloadText(fileName, result.data);
    else saveFile(result.data, fileName);
    notify('success', 'Export Complete', `Balance history exported to ${fileName}.`);
  };
  const refresh = () => {
    void summary.refetch();
    void list.refetch();
  };

  return (
    <>
      <PageHeader
        title="Balance history"
        subtitle="What happened to the available balance, movement by movement"
        actions={
          <>
            <Button variant="outlined" startIcon={<RefreshIcon />} onClick={refresh} disabled={skip}>
              Refresh
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => void download('csv')}
              disabled={skip || exporting.isFetching}
            >
              Export CSV
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => void download('xlsx')}
              disabled={skip || exporting.isFetching}
            >
              Export Excel
            </Button>
          </>
        }
      />
      <BalanceFilters
        value={{ ...state, source, withdrawal }}
        days={days}
        onChange={({ source: typedSource, withdrawal: typedWithdrawal, ...change }) => {
          if (typedSource !== undefined) setSource(typedSource);
          else if (typedWithdrawal !== undefined) setWithdrawal(typedWithdrawal);
          else setState(change);
        }}
      />
      {range === undefined ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          The last day of the range is before its first day.
        </Alert>
      ) : (
        <QueryState
          isLoading={summary.isLoading}
          error={summary.error}
          data={summary.data}
          errorText="The summary could not be loaded."
          onRetry={() => void summary.refetch()}
        >
          {(data) => <BalanceSummaryCard summary={data} days={days} />}
        </QueryState>
      )}
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Movements
          </Typography>
          {skip ? null : (
            <QueryState
              isLoading={list.isLoading}
              error={list.error}
              data={list.data}
              isEmpty={(page) => page.data.length === 0}
              emptyText="No movements match these filters"
              errorText="The movements could not be loaded."
              onRetry={() => void list.refetch()}
            >
              {(page) => (
                <>
                  <MovementsTable rows={page.data} />
                  <KeysetPager
                    limit={limit}
                    sizes={BALANCE_PAGE_SIZES}
                    onLimit={(size) => setState({ limit: size })}
                    onNewer={before === undefined ? undefined : () => setState(newerPage(state))}
                    onOlder={page.next_before === null ? undefined : () => setState(olderPage(state, page.next_before))}
                  />
                </>
              )}
            </QueryState>
          )}
        </CardContent>
      </Card>
    </>
  );
}
