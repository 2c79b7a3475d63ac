import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { signedInResponse } from '@paydesk/shared/schemas/auth';
import { apiError } from '@paydesk/shared/schemas/common';
import {
  passkeyOptionsResponse,
  passkeySignInOptionsResponse,
  passkeySignInRequest,
  passkeyStepOptionsRequest,
  passkeyStepRequest,
} from '@paydesk/shared/schemas/passkeys';
import { auditWho } from '../audit/audit-log';
import { named } from '../named-plugin';
import { perAddressLimit } from '../security/register-defences';
import { withExample } from '../validation/openapi-example';
import { refuseSignIn, signInServices } from './auth-routes';
import { completeSignInWithPasskey, signInWithPasskey, type Accounts } from './auth-service';
import { passkeyEnrolmentRoutes } from './passkey-enrolment-routes';
import { beginPasswordless, beginSecondStep } from './passkey-service';
import { relyingParty } from './webauthn';

// The browser's JSON was checked for its shape by the shared schema; the WebAuthn library checks its meaning.
const asAssertion = (response: unknown) => response as AuthenticationResponseJSON;

const examples = {
  assertion: {
    id: 'xxxxxxxxxxxxxxxxxxxxxx',
    rawId: 'xxxxxxxxxxxxxxxxxxxxxx',
    type: 'public-key',
    clientExtensionResults: {},
    response: { clientDataJSON: 'xxxx', authenticatorData: 'xxxx', signature: 'xxxx', userHandle: 'xxxx' },
  },
  signInOptions: {
    status: 'success',
    data: {
      attempt: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      options: {
        challenge: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
        rpId: 'pay.example.com',
        timeout: 120000,
        userVerification: 'required',
      },
    },
  },
  notRegistered: { status: 'error', code: 'passkey_not_registered', message: 'This passkey is not registered' },
};

/**
 * Sign-in with a passkey, under /api/auth/login: alone (AUTH-19), as the second step after the
 * password (AUTH-18), or set up as a required enrolment's second factor (AUTH-22). The attempt
 * token or the sign-in challenge is the credential of each call.
 */
export const passkeySignInRoutes: FastifyPluginAsyncZod<{ accounts: Accounts }> = async (app, { accounts }) => {
  const services = signInServices(app, accounts);
  const rp = relyingParty(app.config);
  // Counted with the password calls: one per-address budget for every step of sign-in.
  const limit = perAddressLimit(app, 'sign-in', app.config.loginRateLimitPerMinute);
  const refusals = { 400: apiError, 401: apiError, 409: apiError, 429: apiError, 503: apiError };
  await app.register(named(passkeyEnrolmentRoutes), { accounts });

  app.post('/passkey/options', {
    schema: {
      tags: ['auth'],
      summary: 'Start a sign-in with a passkey alone: WebAuthn options for any discoverable passkey, and the attempt they are bound to',
      response: { 200: withExample(passkeySignInOptionsResponse, examples.signInOptions), 409: apiError, 429: apiError },
    },
    onRequest: limit,
    handler: async () => ({ status: 'success' as const, data: await beginPasswordless(app.db, rp) }),
  });

  app.post('/passkey', {
    schema: {
      tags: ['auth'],
      summary:
        "Sign in with a passkey alone: the attempt and the browser's assertion; a refused passkey counts as a failed sign-in of its user's e-mail",
      body: withExample(passkeySignInRequest, { attempt: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', response: examples.assertion }),
      response: { 200: signedInResponse, ...refusals, 401: withExample(apiError, examples.notRegistered) },
    },
    onRequest: limit,
    handler: async (request, reply) => {
      let email: string | undefined;
      try {
        const data = await signInWithPasskey(services, rp, {
          attempt: request.body.attempt,
          response: asAssertion(request.body.response),
          who: auditWho(request),
          seen: (seen) => (email = seen),
        });
        request.log.info({ email: data.user.email, userId: data.user.id }, 'signed in with a passkey');
        return { status: 'success' as const, message: 'Login successful', data };
      } catch (error) {
        return refuseSignIn(request, reply, error, { email, step: 'passkey' });
      }
    },
  });

  app.post('/two-factor/passkey/options', {
    schema: {
      tags: ['auth'],
      summary: "Second step of sign-in with a passkey: WebAuthn options for the challenge's user's passkeys, bound to that challenge",
      body: passkeyStepOptionsRequest,
      response: { 200: passkeyOptionsResponse, 400: apiError, 401: apiError, 409: apiError, 429: apiError },
    },
    onRequest: limit,
    handler: async (request) => ({
      status: 'success' as const,
      data: { options: await beginSecondStep(app.db, rp, request.body.challenge) },
    }),
  });

  app.post('/two-factor/passkey', {
    schema: {
      tags: ['auth'],
      summary: "Second step of sign-in with a passkey: the challenge and the browser's assertion; a refused one counts as a failed sign-in",
      body: withExample(passkeyStepRequest, { challenge: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', response: examples.assertion }),
      response: { 200: signedInResponse, ...refusals },
    },
    onRequest: limit,
    handler: async (request, reply) => {
      let email: string | undefined;
      try {
        const data = await completeSignInWithPasskey(services, rp, {
          challenge: request.body.challenge,
          response: asAssertion(request.body.response),
          who: auditWho(request),
          seen: (seen) => (email = seen),
        });
        request.log.info({ email: data.user.email, userId: data.user.id }, 'signed in with a password and a passkey');
        return { status: 'success' as const, message: 'Login successful', data };
      } catch (error) {
        return refuseSignIn(request, reply, error, { email, step: 'second factor' });
      }
    },
  });
};
