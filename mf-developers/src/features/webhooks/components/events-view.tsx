import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { WebhookEvent } from '@paydesk/shared/schemas/webhooks';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetEventsQuery } from '../api/deliveries-api';
import { instantOf } from '../model/time-range';
import { DevelopersTabs } from '../../../components/developers-tabs';
import { EventDrawer } from './event-drawer';
import { EventFilters, type EventFilter } from './event-filters';
import { EventsTable } from './events-table';
import { ListPaginationBar, useListPaging } from '../../../components/list-paging';

/** The Events page (DEV-07, DEV-08). */
export function EventsView() {
  const [filter, setFilter] = useState<EventFilter>({ type: 'all', from: '', to: '' });
  const paging = useListPaging();
  const { page, limit, setPage } = paging;
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
                <ListPaginationBar envelope={p} paging={paging} />
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
      {viewing ? <EventDrawer event={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}
