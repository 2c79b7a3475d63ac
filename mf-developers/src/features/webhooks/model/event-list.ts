import { localTimeField, type ListFields } from '@paydesk/shared/list-state';
import { pagingFields } from '../../../components/list-paging';
import type { ListSize } from '../../../lib/list-sizes';
import type { EventFilter } from '../components/event-filters';
import { parseEventTypeFilter } from './event-groups';

export interface EventListState extends EventFilter {
  page: number;
  limit: ListSize;
}

/** The event list in the address (DEV-07): `?type=&from=&to=&page=&limit=`, the bounds as the fields hold them. */
export const eventListFields: ListFields<EventListState> = {
  type: { fallback: 'all', parse: parseEventTypeFilter },
  from: localTimeField(),
  to: localTimeField(),
  ...pagingFields,
};
