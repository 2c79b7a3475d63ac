import { api } from '@paydesk/shared/api/api-slice';
import type { StatusMessage } from '@paydesk/shared/schemas/common';
import { toStatusMessage } from './status-message';

/** DELETE /api/backend/users/{id} → {status, message} (USR-07). */
const deleteUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteUser: build.mutation<StatusMessage, number>({
      query: (id) => ({ url: `/backend/users/${id}`, method: 'DELETE' }),
      transformResponse: toStatusMessage,
      invalidatesTags: ['User', 'Role'],
    }),
  }),
});

export const { useDeleteUserMutation } = deleteUserApi;
