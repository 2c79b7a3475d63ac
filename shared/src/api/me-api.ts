import { meResponse } from '../schemas/auth';
import { api } from './api-slice';

/**
 * GET /api/auth/me: the signed-in user as the server has them now, with their role's name and
 * permissions, and who decides payment outcomes. The session keeps the permissions
 * (session/use-session-refresh.ts); the top bar reads the processor from the same cached answer.
 */
export const meApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query({
      query: () => '/auth/me',
      transformResponse: (raw: unknown) => meResponse.parse(raw).data,
      providesTags: ['Me'],
    }),
  }),
});

export const { useMeQuery } = meApi;
