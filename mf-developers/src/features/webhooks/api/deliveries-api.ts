import { api } from '@paydesk/shared/api/api-slice';
import type { EventType } from '@paydesk/shared/schemas/webhooks';
import type { ListSize } from '../../../lib/list-sizes';
import { attemptsResponse, doneResponse, eventsResponse, type AttemptPage, type Done, type EventPage } from './envelopes';

const base = '/backend/webhooks';

export interface EventListArgs {
  page: number;
  limit: ListSize;
  type: EventType | 'all';
  /** ISO date-times, or '' for no bound. */
  from: string;
  to: string;
}

/** DEV-07: the type and the bounds are sent only when set. */
export function eventListQuery({ page, limit, type, from, to }: EventListArgs): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (type !== 'all') params.set('type', type);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params.toString();
}

/** The delivery log (DEV-06) and the events (DEV-07, DEV-08). */
const deliveriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAttempts: build.query<AttemptPage, { endpointId: string; page: number; limit: ListSize }>({
      query: ({ endpointId, page, limit }) => `${base}/endpoints/${encodeURIComponent(endpointId)}/attempts?page=${page}&limit=${limit}`,
      transformResponse: (body: unknown) => attemptsResponse.parse(body).data,
      providesTags: ['WebhookAttempt'],
    }),
    getEvents: build.query<EventPage, EventListArgs>({
      query: (args) => `${base}/events?${eventListQuery(args)}`,
      transformResponse: (body: unknown) => eventsResponse.parse(body).data,
      providesTags: ['WebhookEvent'],
    }),
    resendEvent: build.mutation<Done, { eventId: string; endpointId: string }>({
      query: ({ eventId, endpointId }) => ({
        url: `${base}/events/${encodeURIComponent(eventId)}/resend`,
        method: 'POST',
        body: { endpoint_id: endpointId },
      }),
      transformResponse: (body: unknown) => doneResponse.parse(body),
      invalidatesTags: ['WebhookAttempt', 'WebhookEndpoint'],
    }),
  }),
});

export const { useGetAttemptsQuery, useGetEventsQuery, useResendEventMutation } = deliveriesApi;
