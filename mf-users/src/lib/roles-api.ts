import { api } from '@paydesk/shared/api/api-slice';
import { rolesResponse, type RoleInfo } from '@paydesk/shared/schemas/roles';

/**
 * GET /api/backend/roles: every role with its name, permissions, users and whether the caller may
 * give it to a user. The Users list names its roles and the user dialogs offer them from here;
 * the Roles tab lists them.
 */
const rolesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRoles: build.query<RoleInfo[], void>({
      query: () => '/backend/roles',
      transformResponse: (raw: unknown) => rolesResponse.parse(raw).data,
      providesTags: ['Role'],
    }),
  }),
});

export const { useGetRolesQuery } = rolesApi;
