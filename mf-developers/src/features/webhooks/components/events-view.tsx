import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useListState } from '@paydesk/shared/list-state';
import type { WebhookEvent } from '@paydesk/shared/schemas/webhooks';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { useGetEventsQuery } from '../api/deliveries-api';
import { eventListFields } from '../model/event-list';
import { instantOf } from '../model/time-range';
import { DevelopersTabs } from '../../../components/developers-tabs';
import { EventDrawer } from './event-drawer';
import { EventFilters } from './event-filters';
import { EventsTable } from './events-table';
import { addressPaging, ListPaginationBar } from '../../../components/list-paging';

/** The Events page (DEV-07, DEV-08); the address keeps the filters and the page. */
export function EventsView() {
  const [state, setState] = useListState(eventListFields);
  const { page, limit, type, from, to } = state;
  const [viewing, setViewing] = useState<WebhookEvent | null>(null);
  const list = useGetEventsQuery({ page, limit, type, from: instantOf(from), to: instantOf(to) });

  return (
    <>
      <PageHeader title="Developers" subtitle="Every event, as your endpoints receive it" />
      <DevelopersTabs current="events" />
      <Card variant="outlined">
        <CardContent>
          <EventFilters value={state} onChange={(next) => setState({ type: next.type, from: next.from, to: next.to })} />
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
                <ListPaginationBar envelope={p} paging={addressPaging(limit, setState)} />
              </>
            )}
          </QueryState>
        </CardContent>
      </Card>
      {viewing ? <EventDrawer event={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  );
}
