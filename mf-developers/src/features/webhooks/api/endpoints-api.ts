import { api } from '@paydesk/shared/api/api-slice';
import type { WebhookEndpoint } from '@paydesk/shared/schemas/webhooks';
import { doneResponse, endpointsResponse, secretResponse, type Done, type EndpointWithSecret } from './envelopes';
import type { EndpointInput } from '../model/endpoint-form';

const base = '/backend/webhooks/endpoints';

/** The endpoints of DEV-02 to DEV-05. An endpoint's page finds it in the list, which holds them all. */
const endpointsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEndpoints: build.query<WebhookEndpoint[], void>({
      query: () => base,
      transformResponse: (body: unknown) => endpointsResponse.parse(body).data,
      providesTags: ['WebhookEndpoint'],
    }),
    createEndpoint: build.mutation<EndpointWithSecret, EndpointInput>({
      query: (body) => ({ url: base, method: 'POST', body }),
      transformResponse: (body: unknown) => secretResponse.parse(body),
      invalidatesTags: ['WebhookEndpoint'],
    }),
    updateEndpoint: build.mutation<Done, { id: string; patch: Partial<EndpointInput> }>({
      query: ({ id, patch }) => ({ url: `${base}/${encodeURIComponent(id)}`, method: 'PATCH', body: patch }),
      transformResponse: (body: unknown) => doneResponse.parse(body),
      invalidatesTags: ['WebhookEndpoint'],
    }),
    deleteEndpoint: build.mutation<Done, string>({
      query: (id) => ({ url: `${base}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: (body: unknown) => doneResponse.parse(body),
      invalidatesTags: ['WebhookEndpoint'],
    }),
    rollSecret: build.mutation<EndpointWithSecret, { id: string; graceHours: number }>({
      query: ({ id, graceHours }) => ({
        url: `${base}/${encodeURIComponent(id)}/roll-secret`,
        method: 'POST',
        body: { grace_hours: graceHours },
      }),
      transformResponse: (body: unknown) => secretResponse.parse(body),
      invalidatesTags: ['WebhookEndpoint'],
    }),
  }),
});

export const {
  useGetEndpointsQuery,
  useCreateEndpointMutation,
  useUpdateEndpointMutation,
  useDeleteEndpointMutation,
  useRollSecretMutation,
} = endpointsApi;

/** One endpoint, looked up in the list (see above); undefined once loaded means there is none. */
export function useEndpoint(id: string) {
  return useGetEndpointsQuery(undefined, {
    selectFromResult: (result) => ({ ...result, endpoint: result.data?.find((e: WebhookEndpoint) => e.id === id) }),
  });
}
