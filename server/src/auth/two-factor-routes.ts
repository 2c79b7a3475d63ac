import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInResponse } from '@paydesk/shared/schemas/auth';
import { apiError, statusMessage } from '@paydesk/shared/schemas/common';
import {
  enrolmentResponse,
  recoveryCodesResponse,
  requiredEnrolmentConfirm,
  requiredEnrolmentRequest,
  requiredEnrolmentResponse,
  twoFactorCodeRequest,
  twoFactorSetupRequest,
  twoFactorSignInRequest,
  twoFactorStatusResponse,
} from '@paydesk/shared/schemas/two-factor';
import { conflict } from '../errors/domain-error';
import { refuseSignIn, signInServices } from './auth-routes';
import { auditWho } from '../audit/audit-log';
import {
  beginRequiredEnrolment,
  completeRequiredEnrolment,
  completeSignIn,
  confirmPassword,
  type Accounts,
  type PasswordProven,
  type SecondStep,
} from './auth-service';
import { requireAuth } from './authorize';
import { perAddressLimit } from '../security/register-defences';
import {
  ALREADY_ON,
  beginEnrolment,
  confirmEnrolment,
  invalidCode,
  NOT_ON,
  regenerateRecoveryCodes,
  resetTwoFactor,
  twoFactorBox,
  twoFactorStatus,
} from './two-factor-service';

const bearer = [{ bearerAuth: [] }];
const refusals = { 400: apiError, 401: apiError, 409: apiError };

/** The second step of sign-in (AUTH-12, AUTH-14), under /api/auth/login: the challenge is the credential. */
export const twoFactorSignInRoutes: FastifyPluginAsyncZod<{ accounts: Accounts }> = async (app, { accounts }) => {
  const box = twoFactorBox(app.config);
  const services = signInServices(app, accounts);
  const step = (request: FastifyRequest & { body: { challenge: string; code: string } }, seen: (email: string) => void): SecondStep => ({
    challenge: request.body.challenge,
    code: request.body.code,
    who: auditWho(request),
    seen,
  });
  // Counted with the password calls: one per-address budget for every step of sign-in.
  const limit = perAddressLimit(app, 'sign-in', app.config.loginRateLimitPerMinute);

  app.post('/two-factor', {
    schema: {
      tags: ['auth'],
      summary: 'Second step of sign-in: a TOTP code or a recovery code for the challenge; a wrong code counts as a failed sign-in',
      body: twoFactorSignInRequest,
      response: { 200: signedInResponse, ...refusals, 429: apiError, 503: apiError },
    },
    onRequest: limit,
    handler: async (request, reply) => {
      // The challenge's e-mail, for the refusal's log line (what monitoring alerts on).
      let email: string | undefined;
      try {
        const data = await completeSignIn(
          services,
          box,
          step(request, (seen) => (email = seen)),
        );
        request.log.info({ email: data.user.email, userId: data.user.id }, 'signed in with a second factor');
        return { status: 'success' as const, message: 'Login successful', data };
      } catch (error) {
        return refuseSignIn(request, reply, error, { email, step: 'second factor' });
      }
    },
  });

  app.post('/two-factor/setup', {
    schema: {
      tags: ['auth'],
      summary: 'REQUIRE_TWO_FACTOR: the new secret (QR code and manual key) of a user who has none yet',
      body: requiredEnrolmentRequest,
      response: { 200: enrolmentResponse, ...refusals, 429: apiError },
    },
    onRequest: limit,
    handler: async (request) => ({ status: 'success' as const, data: await beginRequiredEnrolment(app.db, box, request.body.challenge) }),
  });

  app.post('/two-factor/confirm', {
    schema: {
      tags: ['auth'],
      summary: 'REQUIRE_TWO_FACTOR: the first valid code confirms the secret and starts the session; the recovery codes are shown once',
      body: requiredEnrolmentConfirm,
      response: { 200: requiredEnrolmentResponse, ...refusals, 429: apiError, 503: apiError },
    },
    onRequest: limit,
    handler: async (request, reply) => {
      let email: string | undefined;
      try {
        const { recoveryCodes, ...data } = await completeRequiredEnrolment(
          services,
          box,
          step(request, (seen) => (email = seen)),
        );
        request.log.info({ email: data.user.email, userId: data.user.id }, 'second factor set up; signed in');
        return { status: 'success' as const, message: 'Login successful', data: { ...data, recovery_codes: recoveryCodes } };
      } catch (error) {
        return refuseSignIn(request, reply, error, { email, step: 'second factor' });
      }
    },
  });
};

/**
 * /api/auth/two-factor: the signed-in user's own second factor (AUTH-10, AUTH-11), each change
 * with the password again (AUTH-15). Any role.
 */
export const twoFactorAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const box = twoFactorBox(app.config);
  const signedIn = app.authorize();
  const passwordServices = { db: app.db, attempts: app.attempts, config: app.config };
  /** The caller's password again (AUTH-15); a refusal gets sign-in's answers through refuseSignIn. */
  const passwordAgain = (request: FastifyRequest & { body: { password: string } }): Promise<PasswordProven> =>
    confirmPassword(passwordServices, requireAuth(request), request.body.password, auditWho(request));
  // Checked before the password: a right one must not clear the failure count of a user whose second factor guards sign-in.
  const refuseWhenOn = async (userId: number) => {
    if ((await twoFactorStatus(app.db, userId)).enabled) throw conflict(ALREADY_ON);
  };
  // A wrong password or code gets sign-in's answers: the lock's 429 with Retry-After, or 503 when its counters are down.
  const changeRefusals = { ...refusals, 429: apiError, 503: apiError };

  app.get('/', {
    schema: {
      tags: ['auth'],
      summary: 'Whether the caller has a second factor, and how many recovery codes are left',
      security: bearer,
      response: { 200: twoFactorStatusResponse, 401: apiError },
    },
    onRequest: signedIn,
    handler: async (request) => ({
      status: 'success' as const,
      data: { ...(await twoFactorStatus(app.db, requireAuth(request).userId)), required: app.config.requireTwoFactor },
    }),
  });

  app.post('/setup', {
    schema: {
      tags: ['auth'],
      summary:
        'Start enrolment, with the password again: a new secret as a QR code and a manual key, shown until confirmed (a wrong password counts as a failed sign-in)',
      security: bearer,
      body: twoFactorSetupRequest,
      response: { 200: enrolmentResponse, ...changeRefusals },
    },
    onRequest: signedIn,
    handler: async (request, reply) => {
      const { userId, email } = requireAuth(request);
      await refuseWhenOn(userId);
      try {
        // No second factor yet: a right password clears the count, as it does at sign-in.
        await (await passwordAgain(request)).succeeded();
      } catch (error) {
        return refuseSignIn(request, reply, error, { email, step: 'password' });
      }
      return { status: 'success' as const, data: await beginEnrolment(app.db, box, { id: userId, email }) };
    },
  });

  app.post('/confirm', {
    schema: {
      tags: ['auth'],
      summary:
        "Confirm enrolment with the first valid code and the password again; answers the ten recovery codes, once, and ends the user's other sessions",
      security: bearer,
      body: twoFactorCodeRequest,
      response: { 200: recoveryCodesResponse, ...changeRefusals },
    },
    onRequest: signedIn,
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      await refuseWhenOn(auth.userId);
      try {
        await (await passwordAgain(request)).succeeded();
      } catch (error) {
        return refuseSignIn(request, reply, error, { email: auth.email, step: 'password' });
      }
      const codes = await confirmEnrolment(app.db, box, auth.userId, request.body.code, auditWho(request), auth.sessionId);
      // 400, not 401: a wrong code must not look like an ended session to the page.
      if (!codes) throw invalidCode('account');
      request.log.info({ userId: auth.userId }, 'second factor set up; the other sessions ended');
      return { status: 'success' as const, message: 'Two-factor sign-in is on', data: { recovery_codes: codes } };
    },
  });

  app.post('/recovery-codes', {
    schema: {
      tags: ['auth'],
      summary:
        'Ten new recovery codes in place of the old ones, for the password again and a valid TOTP code (a wrong one of either counts as a failed sign-in)',
      security: bearer,
      body: twoFactorCodeRequest,
      response: { 200: recoveryCodesResponse, ...changeRefusals },
    },
    onRequest: signedIn,
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      if (!(await twoFactorStatus(app.db, auth.userId)).enabled) throw conflict(NOT_ON);
      let proven: PasswordProven;
      try {
        proven = await passwordAgain(request);
      } catch (error) {
        return refuseSignIn(request, reply, error, { email: auth.email, step: 'password' });
      }
      try {
        // The password checked first, so a wrong one does not use up the code's time step.
        const codes = await regenerateRecoveryCodes(app.db, box, auth.userId, request.body.code);
        if (!codes) throw await proven.refuseCode(invalidCode('account'));
        // Only now: the count stays standing after a right password, until the code is right too.
        await proven.succeeded();
        request.log.info({ userId: auth.userId }, 'recovery codes regenerated');
        return { status: 'success' as const, message: 'New recovery codes', data: { recovery_codes: codes } };
      } catch (error) {
        return refuseSignIn(request, reply, error, { email: auth.email, step: 'second factor' });
      }
    },
  });
};

const userId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * /api/backend/users/:id/two-factor: a super_admin removes a user's second factor and ends their sessions (AUTH-13); any
 * other holder of users.reset_two_factor only of users whose role holds nothing they do not (PERM-07).
 */
export const twoFactorResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete('/:id/two-factor', {
    schema: {
      tags: ['users'],
      summary: "Reset a user's two-factor sign-in (super_admin): removes the secret and recovery codes and ends the user's sessions",
      security: bearer,
      params: userId,
      response: { 200: statusMessage, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
    },
    onRequest: app.authorize('users.reset_two_factor'),
    handler: async (request) => {
      await resetTwoFactor(app.db, requireAuth(request).permissions, request.params.id, auditWho(request));
      request.log.warn({ userId: requireAuth(request).userId, targetId: request.params.id }, 'second factor reset');
      return { status: 'success' as const, message: 'Two-factor sign-in reset' };
    },
  });
};
