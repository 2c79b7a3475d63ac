import { api } from '@paydesk/shared/api/api-slice';
import { loginResponse, meResponse, type LoginRequest } from '@paydesk/shared/schemas/auth';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation({
      query: (body: LoginRequest) => ({ url: '/auth/login', method: 'POST', body }),
      transformResponse: (raw: unknown) => loginResponse.parse(raw).data,
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    me: build.query({
      query: () => '/auth/me',
      transformResponse: (raw: unknown) => meResponse.parse(raw).data,
      providesTags: ['Me'],
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useMeQuery } = authApi;
