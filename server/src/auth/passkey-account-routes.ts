import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { apiError, statusMessage } from '@paydesk/shared/schemas/common';
import {
  passkeyListResponse,
  passkeyOptionsRequest,
  passkeyOptionsResponse,
  passkeyRegistrationRequest,
  passkeyRemoveRequest,
  passkeyRenameRequest,
  passkeyResponse,
} from '@paydesk/shared/schemas/passkeys';
import { auditWho } from '../audit/audit-log';
import { conflict } from '../errors/domain-error';
import { withExample } from '../validation/openapi-example';
import { refuseSignIn } from './auth-routes';
import { confirmPassword } from './auth-service';
import { requireAuth } from './authorize';
import {
  beginRegistration,
  finishRegistration,
  LAST_SECOND_FACTOR,
  listOwnPasskeys,
  removeOwnPasskey,
  renameOwnPasskey,
  wouldRemoveLastFactor,
} from './passkey-service';
import { relyingParty } from './webauthn';

const bearer = [{ bearerAuth: [] }];

// The browser's JSON was checked for its shape by the shared schema; the WebAuthn library checks its meaning.
const asRegistration = (response: unknown) => response as RegistrationResponseJSON;

const passkeyExample = {
  id: 7,
  name: 'Work laptop',
  created_at: '2026-11-27T09:00:00.000Z',
  last_used_at: '2026-11-28T08:12:00.000Z',
  transports: ['internal', 'hybrid'],
};
const examples = {
  registrationOptions: {
    status: 'success',
    data: {
      options: {
        challenge: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
        rp: { name: 'Paydesk', id: 'pay.example.com' },
        user: { id: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', name: 'sam@example.com', displayName: 'Sam Super' },
        pubKeyCredParams: [
          { alg: -7, type: 'public-key' },
          { alg: -8, type: 'public-key' },
          { alg: -257, type: 'public-key' },
        ],
        timeout: 120000,
        attestation: 'none',
        excludeCredentials: [],
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      },
    },
  },
  register: {
    name: 'Work laptop',
    response: {
      id: 'xxxxxxxxxxxxxxxxxxxxxx',
      rawId: 'xxxxxxxxxxxxxxxxxxxxxx',
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'xxxx', attestationObject: 'xxxx', transports: ['internal', 'hybrid'] },
    },
  },
  registered: { status: 'success', message: 'Passkey added', data: passkeyExample },
  list: { status: 'success', data: [passkeyExample] },
  lastFactor: { status: 'error', code: 'last_second_factor', message: LAST_SECOND_FACTOR },
};

const passkeyId = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * /api/auth/passkeys: the signed-in user's own passkeys (AUTH-17, AUTH-21). Adding and removing
 * one take the password again (AUTH-15); renaming does not, as a name guards nothing.
 */
export const passkeyAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const rp = relyingParty(app.config);
  const signedIn = app.authorize();
  const passwordServices = { db: app.db, attempts: app.attempts, config: app.config };
  // A right password clears the failure count at once: no code is guessed after it in these changes.
  const passwordAgain = async (request: FastifyRequest & { body: { password: string } }) =>
    (await confirmPassword(passwordServices, requireAuth(request), request.body.password, auditWho(request))).succeeded();
  // A wrong password gets sign-in's answers: the lock's 429 with Retry-After, or 503 when its counters are down.
  const changeRefusals = { 400: apiError, 401: apiError, 409: apiError, 429: apiError, 503: apiError };

  app.get('/', {
    schema: {
      tags: ['auth'],
      summary: "The caller's passkeys: name, when each was added and last used",
      security: bearer,
      response: { 200: withExample(passkeyListResponse, examples.list), 401: apiError },
    },
    onRequest: signedIn,
    handler: async (request) => ({ status: 'success' as const, data: await listOwnPasskeys(app.db, requireAuth(request).userId) }),
  });

  app.post('/options', {
    schema: {
      tags: ['auth'],
      summary:
        'Start adding a passkey, with the password again: WebAuthn registration options bound to this session (a wrong password counts as a failed sign-in)',
      security: bearer,
      body: passkeyOptionsRequest,
      response: { 200: withExample(passkeyOptionsResponse, examples.registrationOptions), ...changeRefusals },
    },
    onRequest: signedIn,
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      try {
        await passwordAgain(request);
      } catch (error) {
        return refuseSignIn(request, reply, error, { email: auth.email, step: 'password' });
      }
      const options = await beginRegistration(app.db, rp, { id: auth.userId, email: auth.email, name: auth.name }, auth.sessionId);
      return { status: 'success' as const, data: { options } };
    },
  });

  app.post('/', {
    schema: {
      tags: ['auth'],
      summary:
        "Add a passkey: its name and the authenticator's answer to this session's options; the first second factor ends the user's other sessions",
      security: bearer,
      body: withExample(passkeyRegistrationRequest, examples.register),
      response: { 201: withExample(passkeyResponse, examples.registered), 400: apiError, 401: apiError, 409: apiError },
    },
    onRequest: signedIn,
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      const added = await finishRegistration(
        app.db,
        rp,
        { userId: auth.userId, sessionId: auth.sessionId },
        request.body.name,
        asRegistration(request.body.response),
        auditWho(request),
      );
      request.log.info({ userId: auth.userId, passkeyId: added.id }, 'passkey added');
      return reply.code(201).send({ status: 'success' as const, message: 'Passkey added', data: added });
    },
  });

  app.patch('/:id', {
    schema: {
      tags: ['auth'],
      summary: 'Rename one of your passkeys',
      security: bearer,
      params: passkeyId,
      body: withExample(passkeyRenameRequest, { name: 'Security key' }),
      response: { 200: passkeyResponse, 400: apiError, 401: apiError, 404: apiError },
    },
    onRequest: signedIn,
    handler: async (request) => {
      const { userId } = requireAuth(request);
      const renamed = await renameOwnPasskey(app.db, userId, request.params.id, request.body.name, auditWho(request));
      return { status: 'success' as const, message: 'Passkey renamed', data: renamed };
    },
  });

  app.delete('/:id', {
    schema: {
      tags: ['auth'],
      summary:
        'Remove one of your passkeys, with the password again; refused (409 last_second_factor) for the last second factor while REQUIRE_TWO_FACTOR is on',
      security: bearer,
      params: passkeyId,
      body: passkeyRemoveRequest,
      response: { 200: statusMessage, ...changeRefusals, 404: apiError, 409: withExample(apiError, examples.lastFactor) },
    },
    onRequest: signedIn,
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      // Told before the password is asked, so a refusal costs no sign-in attempt.
      if (await wouldRemoveLastFactor(app.db, app.config, auth.userId)) throw conflict(LAST_SECOND_FACTOR, 'last_second_factor');
      try {
        await passwordAgain(request);
      } catch (error) {
        return refuseSignIn(request, reply, error, { email: auth.email, step: 'password' });
      }
      await removeOwnPasskey(app.db, app.config, auth.userId, request.params.id, auditWho(request));
      request.log.info({ userId: auth.userId, passkeyId: request.params.id }, 'passkey removed');
      return { status: 'success' as const, message: 'Passkey removed' };
    },
  });
};
