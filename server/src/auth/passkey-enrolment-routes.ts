import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { signedInResponse } from '@paydesk/shared/schemas/auth';
import { apiError } from '@paydesk/shared/schemas/common';
import { passkeyEnrolmentRequest, passkeyOptionsResponse, passkeyStepOptionsRequest } from '@paydesk/shared/schemas/passkeys';
import { auditWho } from '../audit/audit-log';
import { perAddressLimit } from '../security/register-defences';
import { refuseSignIn, signInServices } from './auth-routes';
import type { Accounts } from './auth-service';
import { beginPasskeyEnrolment, completePasskeyEnrolment } from './passkey-enrolment';
import { relyingParty } from './webauthn';

/**
 * REQUIRE_TWO_FACTOR's enrolment at sign-in with a passkey (AUTH-22), under /api/auth/login beside
 * the TOTP one (`/two-factor/setup`, `/confirm`): the enrolment's challenge is the credential.
 */
export const passkeyEnrolmentRoutes: FastifyPluginAsyncZod<{ accounts: Accounts }> = async (app, { accounts }) => {
  const services = signInServices(app, accounts);
  const rp = relyingParty(app.config);
  // Counted with the password calls: one per-address budget for every step of sign-in.
  const limit = perAddressLimit(app, 'sign-in', app.config.loginRateLimitPerMinute);

  app.post('/two-factor/setup/passkey/options', {
    schema: {
      tags: ['auth'],
      summary:
        "REQUIRE_TWO_FACTOR: WebAuthn registration options for a user enrolling a passkey at sign-in, bound to the enrolment's challenge",
      body: passkeyStepOptionsRequest,
      response: { 200: passkeyOptionsResponse, 400: apiError, 401: apiError, 409: apiError, 429: apiError },
    },
    onRequest: limit,
    handler: async (request) => ({
      status: 'success' as const,
      data: { options: await beginPasskeyEnrolment(services, rp, request.body.challenge) },
    }),
  });

  app.post('/two-factor/setup/passkey', {
    schema: {
      tags: ['auth'],
      summary:
        "REQUIRE_TWO_FACTOR: the enrolment's challenge, the passkey's name and the browser's answer store the passkey and start the session; a refused answer counts as a failed sign-in",
      body: passkeyEnrolmentRequest,
      response: { 200: signedInResponse, 400: apiError, 401: apiError, 409: apiError, 429: apiError, 503: apiError },
    },
    onRequest: limit,
    handler: async (request, reply) => {
      let email: string | undefined;
      try {
        const data = await completePasskeyEnrolment(services, rp, {
          challenge: request.body.challenge,
          name: request.body.name,
          // Its shape checked by the shared schema; its meaning by the WebAuthn library.
          response: request.body.response as RegistrationResponseJSON,
          who: auditWho(request),
          seen: (seen) => (email = seen),
        });
        request.log.info({ email: data.user.email, userId: data.user.id }, 'passkey set up as the second factor; signed in');
        return { status: 'success' as const, message: 'Login successful', data };
      } catch (error) {
        return refuseSignIn(request, reply, error, { email, step: 'second factor' });
      }
    },
  });
};
