import { api } from '@paydesk/shared/api/api-slice';
import { loginResponse, signedInResponse, type LoginRequest } from '@paydesk/shared/schemas/auth';
import {
  enrolmentResponse,
  recoveryCodesResponse,
  requiredEnrolmentResponse,
  twoFactorStatusResponse,
  type TwoFactorCodeRequest,
  type TwoFactorSetupRequest,
} from '@paydesk/shared/schemas/two-factor';
import {
  passkeyListResponse,
  passkeyOptionsResponse,
  passkeyResponse,
  passkeySignInOptionsResponse,
  type PasskeyOptionsRequest,
  type PasskeyRegistrationRequest,
} from '@paydesk/shared/schemas/passkeys';

// GET /api/auth/me is shared's (api/me-api.ts): the session keeps its permissions.
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
    /** AUTH-19: a sign-in with a passkey alone; the options come with the attempt they are bound to. */
    passkeySignInOptions: build.mutation({
      query: () => ({ url: '/auth/login/passkey/options', method: 'POST', body: {} }),
      transformResponse: (raw: unknown) => passkeySignInOptionsResponse.parse(raw).data,
    }),
    passkeySignIn: build.mutation({
      query: (body: { attempt: string; response: unknown }) => ({ url: '/auth/login/passkey', method: 'POST', body }),
      transformResponse: (raw: unknown) => signedInResponse.parse(raw).data,
    }),
    /** AUTH-18: the second step with a passkey, bound to the sign-in challenge. */
    passkeyStepOptions: build.mutation({
      query: (body: { challenge: string }) => ({ url: '/auth/login/two-factor/passkey/options', method: 'POST', body }),
      transformResponse: (raw: unknown) => passkeyOptionsResponse.parse(raw).data.options,
    }),
    passkeyStep: build.mutation({
      query: (body: { challenge: string; response: unknown }) => ({ url: '/auth/login/two-factor/passkey', method: 'POST', body }),
      transformResponse: (raw: unknown) => signedInResponse.parse(raw).data,
    }),
    /** AUTH-17: the signed-in user's own passkeys. */
    passkeys: build.query({
      query: () => '/auth/passkeys',
      transformResponse: (raw: unknown) => passkeyListResponse.parse(raw).data,
      providesTags: ['Me'],
    }),
    /** AUTH-15: adding a passkey starts with the password again. */
    passkeyOptions: build.mutation({
      query: (body: PasskeyOptionsRequest) => ({ url: '/auth/passkeys/options', method: 'POST', body }),
      transformResponse: (raw: unknown) => passkeyOptionsResponse.parse(raw).data.options,
    }),
    addPasskey: build.mutation({
      query: (body: PasskeyRegistrationRequest) => ({ url: '/auth/passkeys', method: 'POST', body }),
      transformResponse: (raw: unknown) => passkeyResponse.parse(raw).data,
      invalidatesTags: ['Me'],
    }),
    renamePasskey: build.mutation({
      query: ({ id, name }: { id: number; name: string }) => ({ url: `/auth/passkeys/${id}`, method: 'PATCH', body: { name } }),
      transformResponse: (raw: unknown) => passkeyResponse.parse(raw).data,
      invalidatesTags: ['Me'],
    }),
    removePasskey: build.mutation({
      query: ({ id, password }: { id: number; password: string }) => ({
        url: `/auth/passkeys/${id}`,
        method: 'DELETE',
        body: { password },
      }),
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
  useTwoFactorStatusQuery,
  useTwoFactorSetupMutation,
  useTwoFactorConfirmMutation,
  useRegenerateRecoveryCodesMutation,
  usePasskeySignInOptionsMutation,
  usePasskeySignInMutation,
  usePasskeyStepOptionsMutation,
  usePasskeyStepMutation,
  usePasskeysQuery,
  usePasskeyOptionsMutation,
  useAddPasskeyMutation,
  useRenamePasskeyMutation,
  useRemovePasskeyMutation,
} = authApi;
