import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isSandbox } from '@paydesk/shared/schemas/payment-processor';
import { loginRequest, loginResponse, meResponse } from '@paydesk/shared/schemas/auth';
import { apiError, statusMessage } from '@paydesk/shared/schemas/common';
import { DomainError } from '../errors/domain-error';
import { perAddressLimit } from '../security/register-defences';
import { auditWho } from '../audit/audit-log';
import { signIn, signOut, type Accounts, type SignInServices } from './auth-service';
import { requireAuth } from './authorize';
import { sortedPermissions } from './permission-catalogue';
import { AccountLockedError, LockoutUnavailableError } from './sign-in-lockout';

export const SIGN_IN_UNAVAILABLE = 'Sign-in is temporarily unavailable. Please try again in a minute.';

const bearer = [{ bearerAuth: [] }];

/**
 * The answers every sign-in step shares: 503 when the lock's counters are down, Retry-After on a
 * lock, and a log line for each refusal (PCI DSS 10.2.1.4; the request line has the address).
 */
export function refuseSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  who: { email?: string; step: 'password' | 'second factor' | 'passkey' },
): FastifyReply {
  if (error instanceof LockoutUnavailableError) {
    request.log.error({ err: error, ...who }, 'sign-in refused: the lock counters are unavailable');
    return reply.code(503).send({ status: 'error', message: SIGN_IN_UNAVAILABLE, code: 'service_unavailable' });
  }
  if (error instanceof AccountLockedError) reply.header('retry-after', String(error.retryAfterSeconds));
  if (error instanceof DomainError) request.log.warn({ ...who, reason: error.message }, 'sign-in refused');
  throw error;
}

/** /api/auth: sign in (AUTH-02), sign out (AUTH-06), and who am I (AUTH-05). */
/** What every step of sign-in works with, from the app's decorations and the accounts port. */
export const signInServices = (app: FastifyInstance, accounts: Accounts): SignInServices => ({
  db: app.db,
  accounts,
  tokens: app.tokens,
  attempts: app.attempts,
  config: app.config,
});

export const authRoutes: FastifyPluginAsyncZod<{ accounts: Accounts }> = async (app, { accounts }) => {
  const services = signInServices(app, accounts);
  app.post('/login', {
    schema: {
      tags: ['auth'],
      summary:
        'Sign in with e-mail and password; a user with a second factor gets a challenge for POST /api/auth/login/two-factor instead of a session',
      description: `After ${app.config.loginMaxAttempts} failed sign-ins in a row an e-mail address is locked for ${app.config.loginLockMinutes} minutes (429); at most ${app.config.loginRateLimitPerMinute} calls a minute from one address (429).`,
      body: loginRequest,
      response: { 200: loginResponse, 400: apiError, 401: apiError, 429: apiError, 503: apiError },
    },
    onRequest: perAddressLimit(app, 'sign-in', app.config.loginRateLimitPerMinute),
    handler: async (request, reply) => {
      const { email, password } = request.body;
      try {
        const data = await signIn(services, email, password, auditWho(request));
        if ('challenge' in data) {
          request.log.info({ email, next: data.next }, 'password accepted: second factor asked');
          const message = data.next === 'code' ? 'Enter your verification code' : 'Set up two-factor sign-in';
          return {
            status: 'success' as const,
            message,
            data: { challenge: data.challenge, next: data.next, expires_at: data.expiresAt.toISOString(), factors: data.factors },
          };
        }
        request.log.info({ email, userId: data.user.id }, 'signed in');
        return { status: 'success' as const, message: 'Login successful', data };
      } catch (error) {
        return refuseSignIn(request, reply, error, { email, step: 'password' });
      }
    },
  });

  app.post('/logout', {
    schema: {
      tags: ['auth'],
      summary: 'Sign out: revokes this session at once',
      security: bearer,
      response: { 200: statusMessage, 401: apiError },
    },
    preHandler: app.authorize(),
    handler: async (request) => {
      await signOut(app.db, requireAuth(request), auditWho(request));
      return { status: 'success' as const, message: 'Logged out' };
    },
  });

  app.get('/me', {
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user, their role and what it permits',
      security: bearer,
      response: { 200: meResponse, 401: apiError },
    },
    preHandler: app.authorize(),
    handler: async (request) => {
      const { userId, name, role, roleName, permissions, email } = requireAuth(request);
      const processor = app.config.paymentProcessor;
      return {
        status: 'success' as const,
        data: {
          id: userId,
          name,
          role,
          role_name: roleName,
          // PERM-09: what the role holds at this request, which the front ends mirror.
          permissions: sortedPermissions(permissions),
          email,
          payment_processor: { name: processor, sandbox: isSandbox(processor) },
          mode: app.config.mode,
        },
      };
    },
  });
};
