import { api } from '@paydesk/shared/api/api-slice';
import type { StatusMessage } from '@paydesk/shared/schemas/common';
import { toStatusMessage } from './status-message';

/** DELETE /api/backend/users/{id}/two-factor → {status, message}: super_admin only (AUTH-13). */
const resetTwoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    resetTwoFactor: build.mutation<StatusMessage, number>({
      query: (id) => ({ url: `/backend/users/${id}/two-factor`, method: 'DELETE' }),
      transformResponse: toStatusMessage,
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useResetTwoFactorMutation } = resetTwoFactorApi;
