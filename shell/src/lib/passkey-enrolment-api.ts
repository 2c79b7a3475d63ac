import { api } from '@paydesk/shared/api/api-slice';
import { signedInResponse } from '@paydesk/shared/schemas/auth';
import { passkeyOptionsResponse, type PasskeyEnrolmentRequest } from '@paydesk/shared/schemas/passkeys';

/** AUTH-22: REQUIRE_TWO_FACTOR's enrolment at sign-in with a passkey, bound to the enrolment's challenge. */
export const passkeyEnrolmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    passkeyEnrolmentOptions: build.mutation({
      query: (body: { challenge: string }) => ({ url: '/auth/login/two-factor/setup/passkey/options', method: 'POST', body }),
      transformResponse: (raw: unknown) => passkeyOptionsResponse.parse(raw).data.options,
    }),
    passkeyEnrolment: build.mutation({
      query: (body: PasskeyEnrolmentRequest) => ({ url: '/auth/login/two-factor/setup/passkey', method: 'POST', body }),
      transformResponse: (raw: unknown) => signedInResponse.parse(raw).data,
    }),
  }),
});

export const { usePasskeyEnrolmentOptionsMutation, usePasskeyEnrolmentMutation } = passkeyEnrolmentApi;
