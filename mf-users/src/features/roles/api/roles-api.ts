import { api } from '@paydesk/shared/api/api-slice';
import {
  permissionsResponse,
  roleResponse,
  type CreateRoleRequest,
  type PermissionInfo,
  type RoleInfo,
  type UpdateRoleRequest,
} from '@paydesk/shared/schemas/roles';

/** The permission catalogue and the changes of roles (roles.manage); the list is lib/roles-api.ts. */
const roleChangesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/backend/permissions: the server's catalogue, in its order. */
    getPermissions: build.query<PermissionInfo[], void>({
      query: () => '/backend/permissions',
      transformResponse: (raw: unknown) => permissionsResponse.parse(raw).data,
    }),
    createRole: build.mutation<RoleInfo, CreateRoleRequest>({
      query: (body) => ({ url: '/backend/roles', method: 'POST', body }),
      transformResponse: (raw: unknown) => roleResponse.parse(raw).data,
      invalidatesTags: ['Role'],
    }),
    // A role's new name shows in the users list, and its new permissions for whoever holds it.
    updateRole: build.mutation<RoleInfo, { key: string; body: UpdateRoleRequest }>({
      query: ({ key, body }) => ({ url: `/backend/roles/${encodeURIComponent(key)}`, method: 'PUT', body }),
      transformResponse: (raw: unknown) => roleResponse.parse(raw).data,
      invalidatesTags: ['Role', 'User', 'Me'],
    }),
    deleteRole: build.mutation<void, string>({
      query: (key) => ({ url: `/backend/roles/${encodeURIComponent(key)}`, method: 'DELETE' }),
      invalidatesTags: ['Role'],
    }),
  }),
});

export const { useGetPermissionsQuery, useCreateRoleMutation, useUpdateRoleMutation, useDeleteRoleMutation } = roleChangesApi;
