import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { WebhookEvent } from '@paydesk/shared/schemas/webhooks';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { PaginationBar } from '@paydesk/shared/ui/pagination-bar';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetEventsQuery } from '../api/deliveries-api';
import { listSizes, type ListSize } from '../api/envelopes';
import { instantOf } from '../model/time-range';
import { DevelopersTabs } from './developers-tabs';
import { EventDrawer } from './event-drawer';
import { EventFilters, type EventFilter } from './event-filters';
import { EventsTable } from './events-table';

/** The Events page (DEV-07, DEV-08). */
export function EventsView() {
  const [filter, setFilter] = useState<EventFilter>({ type: 'all', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<ListSize>(25);
  const [viewing, setViewing] = useState<WebhookEvent | null>(null);
  const list = useGetEventsQuery({ page, limit, type: filter.type, from: instantOf(filter.from), to: instantOf(filter.to) });

  return (
    <>
      <PageHeader title="Developers" subtitle="Every event, as your endpoints receive it" />
      <DevelopersTabs current="events" />
      <Card variant="outlined">
        <CardContent>
          <EventFilters
            value={filter}
            onChange={(next) => {
              setFilter(next);
              setPage(1);
            }}
          />
          <QueryState
            isLoading={list.isLoading}
            error={list.error}
            data={list.data}
            isEmpty={(p) => p.total === 0}
            emptyText="No events found matching your criteria"
            errorText="Events could not be loaded."
            onRetry={() => void list.refetch()}
          >
            {(p) => (
              <>
                <EventsTable rows={p.data} onView={setViewing} />
                <PaginationBar
                  page={p.current_page}
                  lastPage={p.last_page}
                  from={p.from}
                  to={p.to}
                  total={p.total}
                  perPage={limit}
                  pageSizes={listSizes}
                  onPage={setPage}
                  onPerPage={(size) => {
                    setLimit(size);
                    setPage(1);
                  }}
                />
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
      {viewing ? <EventDrawer event={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}
