import { api } from '@paydesk/shared/api/api-slice';
import type { StatusMessage } from '@paydesk/shared/schemas/common';
import type { CreateUserRequest } from '@paydesk/shared/schemas/user';
import { toStatusMessage } from './status-message';

/** POST /api/backend/users with name, email, password, role, status (USR-07). */
const createUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    createUser: build.mutation<StatusMessage, CreateUserRequest>({
      query: (body) => ({ url: '/backend/users', method: 'POST', body }),
      transformResponse: toStatusMessage,
      invalidatesTags: ['User', 'Role'],
    }),
  }),
});

export const { useCreateUserMutation } = createUserApi;
