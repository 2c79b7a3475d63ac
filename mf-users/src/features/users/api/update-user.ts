import { api } from '@paydesk/shared/api/api-slice';
import type { StatusMessage } from '@paydesk/shared/schemas/common';
import type { UpdateUserRequest } from '@paydesk/shared/schemas/user';
import { toStatusMessage } from './status-message';

/** PUT /api/backend/users/{id}; the edit form sends no password value (USR-07). */
const updateUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<StatusMessage, { id: number; body: Omit<UpdateUserRequest, 'password'> }>({
      query: ({ id, body }) => ({ url: `/backend/users/${id}`, method: 'PUT', body }),
      transformResponse: toStatusMessage,
      invalidatesTags: ['User', 'Role'],
    }),
  }),
});

export const { useUpdateUserMutation } = updateUserApi;
