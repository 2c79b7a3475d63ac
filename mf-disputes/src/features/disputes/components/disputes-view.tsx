import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useListState } from '@paydesk/shared/list-state';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { PaginationBar } from '@paydesk/shared/ui/pagination-bar';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetDisputesQuery } from '../api/disputes-api';
import { listFields, listSizes } from '../model/list-filters';
import { DisputeFilters } from './dispute-filters';
import { DisputesTable } from './disputes-table';

/** The disputes list (DSP-08): the address keeps the filters and the page; a filter goes back to page 1. */
export function DisputesView() {
  const [state, setState] = useListState(listFields);
  const list = useGetDisputesQuery(state);
  const filtered = state.status !== 'all' || state.from !== '' || state.to !== '';
  return (
    <>
      <PageHeader
        title="Disputes"
        subtitle="Cardholders' disputes and inquiries: answer them with evidence before they are due"
        actions={
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void list.refetch()} disabled={list.isFetching}>
            Refresh
          </Button>
        }
      />
      <Paper sx={{ p: 2 }}>
        <DisputeFilters value={state} onChange={(change) => setState(change)} />
        <QueryState
          isLoading={list.isLoading}
          error={list.error}
          data={list.data}
          isEmpty={(page) => page.total === 0}
          emptyText={filtered ? 'No disputes match these filters' : 'No disputes yet'}
          errorText="Disputes could not be loaded."
          onRetry={() => void list.refetch()}
        >
          {(page) => (
            <>
              <DisputesTable rows={page.data} />
              <PaginationBar
                page={page.current_page}
                lastPage={page.last_page}
                from={page.from}
                to={page.to}
                total={page.total}
                perPage={state.limit}
                pageSizes={listSizes}
                onPage={(n) => setState({ page: n })}
                onPerPage={(limit) => setState({ limit })}
              />
            </>
          )}
        </QueryState>
      </Paper>
    </>
  );
}
