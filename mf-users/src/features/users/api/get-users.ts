import { api } from '@paydesk/shared/api/api-slice';
import { usersResponse, type AdminUser } from '@paydesk/shared/schemas/user';

/** GET /api/backend/users → {data: [users]} (USR-07). */
const getUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<AdminUser[], void>({
      query: () => '/backend/users',
      transformResponse: (raw: unknown) => usersResponse.parse(raw).data,
      providesTags: ['User'],
    }),
  }),
});

export const { useGetUsersQuery } = getUsersApi;
