import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { CARD_PAGE_SIZES, searchFitsAddress } from '@paydesk/shared/schemas/card';
import { useCan } from '@paydesk/shared/session/use-can';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { formatCount } from '@paydesk/shared/format';
import { PaginationBar } from '@paydesk/shared/ui/pagination-bar';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useListState } from '@paydesk/shared/list-state';
import { useSettledText } from '@paydesk/shared/use-settled-text';
import { useGetCardsQuery } from '../api/cards-api';
import { pageRange } from '../model/card-display';
import { cardListFields, type CardFilters } from '../model/card-filters';
import { CardsTable } from './cards-table';
import { CardsToolbar } from './cards-toolbar';
import { UploadCardsDialog } from './upload-cards-dialog';

export const SEARCH_DEBOUNCE_MS = 400;

/**
 * Card Management (CARD-01 to CARD-05): the address holds the filters (useListState); search, status
 * or page size go back to page 1. A search that could be a card number stays out of the URL
 * (cardListFields): the list keeps it here, and one that arrives in the URL (an old link) is taken
 * out of it at once.
 */
export function CardManagement() {
  const canManage = useCan('cards.manage');
  const [fromAddress, setAddress] = useListState(cardListFields);
  const [search, setSearch] = useState(fromAddress.search);
  // A search the URL may hold is read from it (a link, the menu); one it may not is kept here.
  const filters: CardFilters = { ...fromAddress, search: searchFitsAddress(search) ? fromAddress.search : search };
  const [uploading, setUploading] = useState(false);
  const update = (change: Partial<CardFilters>) => {
    if (change.search !== undefined) setSearch(change.search);
    setAddress(change);
  };
  const [searchInput, setSearchInput] = useSettledText(filters.search, (text) => update({ search: text }), SEARCH_DEBOUNCE_MS);

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
