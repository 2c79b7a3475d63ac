import { z } from 'zod';
import { api } from '@paydesk/shared/api/api-slice';
import { withData } from '@paydesk/shared/schemas/common';
import { createdDeployToken, deployToken, type CreatedDeployToken, type DeployToken } from '@paydesk/shared/schemas/platform';

const tokensResponse = withData(z.array(deployToken));
const createdResponse = withData(createdDeployToken).transform(({ message, data }) => ({ message, token: data }));
const revokedResponse = withData(deployToken).transform(({ message, data }) => ({ message, token: data }));

const base = '/platform/deploy-tokens';

/**
 * The deploy tokens a team's CI releases its remote with (`/api/platform/deploy-tokens`). The tag
 * is this remote's own: the shared slice lists those of the areas every shell build knows.
 */
const deployTokensApi = api.enhanceEndpoints({ addTagTypes: ['DeployToken'] }).injectEndpoints({
  endpoints: (build) => ({
    getDeployTokens: build.query<DeployToken[], void>({
      query: () => base,
      transformResponse: (body: unknown) => tokensResponse.parse(body).data,
      providesTags: ['DeployToken'],
    }),
    createDeployToken: build.mutation<{ message: string | undefined; token: CreatedDeployToken }, { remote: string }>({
      query: (body) => ({ url: base, method: 'POST', body }),
      transformResponse: (body: unknown) => createdResponse.parse(body),
      invalidatesTags: ['DeployToken'],
    }),
    revokeDeployToken: build.mutation<{ message: string | undefined; token: DeployToken }, string>({
      query: (id) => ({ url: `${base}/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
      transformResponse: (body: unknown) => revokedResponse.parse(body),
      invalidatesTags: ['DeployToken'],
    }),
  }),
});

export const { useGetDeployTokensQuery, useCreateDeployTokenMutation, useRevokeDeployTokenMutation } = deployTokensApi;
