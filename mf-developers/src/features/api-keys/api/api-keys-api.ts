import { z } from 'zod';
import { api } from '@paydesk/shared/api/api-slice';
import {
  apiKey,
  apiKeyWithSecret,
  apiRequestEntry,
  type ApiKey,
  type ApiKeyKind,
  type ApiKeyWithSecret,
  type StatusClass,
} from '@paydesk/shared/schemas/api-keys';
import { withData } from '@paydesk/shared/schemas/common';
import { paginated } from '@paydesk/shared/schemas/transaction';
import type { ListSize } from '../../../lib/list-sizes';

const keysResponse = withData(z.array(apiKey));
const secretResponse = withData(apiKeyWithSecret).transform((body) => body.data);
const keyResponse = withData(apiKey).transform((body) => body.data);
const requestsResponse = withData(paginated(apiRequestEntry));
export type RequestPage = z.infer<typeof requestsResponse>['data'];

export interface RequestListArgs {
  page: number;
  limit: ListSize;
  keyId: string | 'all';
  statusClass: StatusClass | 'all';
  /** Part of the path, '' for any. */
  path: string;
}

/** KEY-10: each filter is sent only when set. */
export function requestListQuery({ page, limit, keyId, statusClass, path }: RequestListArgs): string {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (keyId !== 'all') params.set('key_id', keyId);
  if (statusClass !== 'all') params.set('status_class', statusClass);
  if (path.trim()) params.set('path', path.trim());
  return params.toString();
}

/** The API keys (KEY-01 to KEY-07) and the request log (KEY-10). */
const apiKeysApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKey[], void>({
      query: () => '/backend/api-keys',
      transformResponse: (body: unknown) => keysResponse.parse(body).data,
      providesTags: ['ApiKey'],
    }),
    createApiKey: build.mutation<ApiKeyWithSecret, { name: string; kind: ApiKeyKind }>({
      query: (body) => ({ url: '/backend/api-keys', method: 'POST', body }),
      transformResponse: (body: unknown) => secretResponse.parse(body),
      invalidatesTags: ['ApiKey'],
    }),
    rollApiKey: build.mutation<ApiKeyWithSecret, { id: string; graceHours: number }>({
      query: ({ id, graceHours }) => ({
        url: `/backend/api-keys/${encodeURIComponent(id)}/roll`,
        method: 'POST',
        body: { grace_hours: graceHours },
      }),
      transformResponse: (body: unknown) => secretResponse.parse(body),
      invalidatesTags: ['ApiKey'],
    }),
    revokeApiKey: build.mutation<ApiKey, string>({
      query: (id) => ({ url: `/backend/api-keys/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
      transformResponse: (body: unknown) => keyResponse.parse(body),
      invalidatesTags: ['ApiKey'],
    }),
    getApiRequests: build.query<RequestPage, RequestListArgs>({
      query: (args) => `/backend/api-requests?${requestListQuery(args)}`,
      transformResponse: (body: unknown) => requestsResponse.parse(body).data,
      providesTags: ['ApiRequest'],
    }),
  }),
});

export const { useGetApiKeysQuery, useCreateApiKeyMutation, useRollApiKeyMutation, useRevokeApiKeyMutation, useGetApiRequestsQuery } =
  apiKeysApi;
