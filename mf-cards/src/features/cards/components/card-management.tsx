import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useSearchParams } from 'react-router-dom';
import { can } from '@paydesk/shared/roles';
import { CARD_PAGE_SIZES, searchFitsAddress } from '@paydesk/shared/schemas/card';
import { selectCurrentUser } from '@paydesk/shared/session/session-slice';
import { useAppSelector } from '@paydesk/shared/store';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { formatCount } from '@paydesk/shared/format';
import { PaginationBar } from '@paydesk/shared/ui/pagination-bar';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useDebouncedValue } from '@paydesk/shared/use-debounced-value';
import { useGetCardsQuery } from '../api/cards-api';
import { pageRange } from '../model/card-display';
import { readCardFilters, writeCardFilters, type CardFilters } from '../model/card-filters';
import { CardsTable } from './cards-table';
import { CardsToolbar } from './cards-toolbar';
import { UploadCardsDialog } from './upload-cards-dialog';

export const SEARCH_DEBOUNCE_MS = 400;

/**
 * Card Management (CARD-01 to CARD-05): the URL holds the filters; search, status or page size go
 * back to page 1. A search that could be a card number stays out of the URL (writeCardFilters): the
 * list keeps it here, and one that arrives in the URL (an old link) is taken out of it at once.
 */
export function CardManagement() {
  const user = useAppSelector(selectCurrentUser);
  const canManage = user ? can(user.role, 'cards.manage') : false;
  const [params, setParams] = useSearchParams();
  const fromAddress = readCardFilters(params);
  const [searchInput, setSearchInput] = useState(fromAddress.search);
  const settledSearch = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  const [search, setSearch] = useState(fromAddress.search);
  // A search the URL may hold is read from it (a link, the menu); one it may not is kept here.
  const filters: CardFilters = { ...fromAddress, search: searchFitsAddress(search) ? fromAddress.search : search };
  const [uploading, setUploading] = useState(false);
  const update = (change: Partial<CardFilters>) => {
    const next = { ...filters, page: 1, ...change };
    setSearch(next.search);
    setParams(writeCardFilters(next), { replace: true });
  };

  useEffect(() => {
    if (settledSearch !== filters.search) update({ search: settledSearch });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled search text changes the list (the other filters change it directly)
  }, [settledSearch]);

  useEffect(() => {
    if (params.get('search') !== writeCardFilters(filters).get('search')) setParams(writeCardFilters(filters), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival: later changes write the address through update
  }, []);

  const query = useGetCardsQuery(filters);

  return (
    <>
      <PageHeader
        title="Card Management"
        subtitle="Manage and monitor card details"
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setUploading(true)}>
              Upload Cards
            </Button>
          ) : null
        }
      />
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {query.data ? `Cards (${formatCount(query.data.total)})` : 'Cards'}
        </Typography>
        <CardsToolbar search={searchInput} status={filters.status} onSearch={setSearchInput} onStatus={(status) => update({ status })} />
        <QueryState
          isLoading={query.isLoading}
          error={query.error}
          data={query.data}
          isEmpty={(page) => page.total === 0}
          emptyText="No cards found matching your criteria"
          errorText="Failed to load cards"
          onRetry={() => void query.refetch()}
        >
          {(page) => (
            <>
              <CardsTable cards={page.data} canManage={canManage} />
              <PaginationBar
                page={page.page}
                total={page.total}
                {...pageRange(page)}
                perPage={filters.perPage}
                pageSizes={CARD_PAGE_SIZES}
                onPage={(n) => update({ page: n })}
                onPerPage={(perPage) => update({ perPage })}
              />
            </>
          )}
        </QueryState>
      </Paper>
      {uploading ? <UploadCardsDialog onClose={() => setUploading(false)} /> : null}
    </>
  );
}
