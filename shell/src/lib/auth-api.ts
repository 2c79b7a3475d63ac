import { api } from '@paydesk/shared/api/api-slice';
import { loginResponse, meResponse, signedInResponse, type LoginRequest } from '@paydesk/shared/schemas/auth';
import {
  enrolmentResponse,
  recoveryCodesResponse,
  requiredEnrolmentResponse,
  twoFactorStatusResponse,
  type TwoFactorCodeRequest,
  type TwoFactorSetupRequest,
} from '@paydesk/shared/schemas/two-factor';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation({
      query: (body: LoginRequest) => ({ url: '/auth/login', method: 'POST', body }),
      transformResponse: (raw: unknown) => loginResponse.parse(raw).data,
    }),
    /** AUTH-12: the second step, with a TOTP or recovery code. */
    loginTwoFactor: build.mutation({
      query: (body: { challenge: string; code: string }) => ({ url: '/auth/login/two-factor', method: 'POST', body }),
      transformResponse: (raw: unknown) => signedInResponse.parse(raw).data,
    }),
    /** AUTH-14: enrolment before the first session, when the server requires a second factor. */
    requiredEnrolmentSetup: build.mutation({
      query: (body: { challenge: string }) => ({ url: '/auth/login/two-factor/setup', method: 'POST', body }),
      transformResponse: (raw: unknown) => enrolmentResponse.parse(raw).data,
    }),
    requiredEnrolmentConfirm: build.mutation({
      query: (body: { challenge: string; code: string }) => ({ url: '/auth/login/two-factor/confirm', method: 'POST', body }),
      transformResponse: (raw: unknown) => requiredEnrolmentResponse.parse(raw).data,
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    me: build.query({
      query: () => '/auth/me',
      transformResponse: (raw: unknown) => meResponse.parse(raw).data,
      providesTags: ['Me'],
    }),
    /** AUTH-10, AUTH-11: the signed-in user's own second factor. */
    twoFactorStatus: build.query({
      query: () => '/auth/two-factor',
      transformResponse: (raw: unknown) => twoFactorStatusResponse.parse(raw).data,
      providesTags: ['Me'],
    }),
    /** AUTH-15: each change of the second factor sends the password again. */
    twoFactorSetup: build.mutation({
      query: (body: TwoFactorSetupRequest) => ({ url: '/auth/two-factor/setup', method: 'POST', body }),
      transformResponse: (raw: unknown) => enrolmentResponse.parse(raw).data,
    }),
    twoFactorConfirm: build.mutation({
      query: (body: TwoFactorCodeRequest) => ({ url: '/auth/two-factor/confirm', method: 'POST', body }),
      transformResponse: (raw: unknown) => recoveryCodesResponse.parse(raw).data.recovery_codes,
      invalidatesTags: ['Me'],
    }),
    regenerateRecoveryCodes: build.mutation({
      query: (body: TwoFactorCodeRequest) => ({ url: '/auth/two-factor/recovery-codes', method: 'POST', body }),
      transformResponse: (raw: unknown) => recoveryCodesResponse.parse(raw).data.recovery_codes,
      invalidatesTags: ['Me'],
    }),
  }),
});

export const {
  useLoginMutation,
  useLoginTwoFactorMutation,
  useRequiredEnrolmentSetupMutation,
  useRequiredEnrolmentConfirmMutation,
  useLogoutMutation,
  useMeQuery,
  useTwoFactorStatusQuery,
  useTwoFactorSetupMutation,
  useTwoFactorConfirmMutation,
  useRegenerateRecoveryCodesMutation,
} = authApi;
