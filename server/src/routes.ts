import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@paydesk/shared/schemas/common';
import { apiKeysRoutes } from './api-keys/api-keys-routes';
import { auditRoutes } from './audit/audit-routes';
import { authRoutes } from './auth/auth-routes';
import { cardRoutes } from './cards/card-routes';
import { acsRoutes } from './payments/acs-routes';
import { merchantRoutes } from './payments/merchant-routes';
import { publicPaymentRoutes } from './payments/public-routes';
import { backendRefundRoutes } from './refunds/backend-refund-routes';
import { balanceRoutes } from './balance/balance-routes';
import { disputeRoutes } from './disputes/dispute-routes';
import { fileRoutes } from './files/file-routes';
import { refundRoutes } from './refunds/refund-routes';
import { transactionsBackendRoutes } from './transactions/backend-routes';
import { usersRoutes } from './users/users-routes';
import { rolesRoutes } from './users/roles-routes';
import { walletRoutes } from './wallet/wallet-routes';
import { webhooksRoutes } from './webhooks/webhooks-routes';
import { platformRoutes } from './platform/platform-routes';
import { twoFactorAccountRoutes, twoFactorResetRoutes, twoFactorSignInRoutes } from './auth/two-factor-routes';
import { passkeyAccountRoutes, passkeySignInRoutes } from './auth/passkey-routes';
import type { Accounts } from './auth/auth-service';
import { findUserByEmail, findUserById } from './users/users-repository';
import { errorBody } from './http/error-body';
import { domainErrorStatus } from './http/error-status';
import { loggableText } from './logger';

/**
 * Everything under /api, and the one place that composes the folders' routes (app.ts mounts it).
 * Unknown API paths answer with a JSON 404: an explicit `/api/*` route, because the front ends'
 * static wildcard (`/*`) would otherwise catch them before any not-found handler. The root
 * not-found handler stays free for `registerFrontends`.
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sign-in reads the staff accounts through the users folder's repository (auth lies below users).
  const accounts: Accounts = { findByEmail: findUserByEmail, findById: findUserById };
  await app.register(authRoutes, { prefix: '/auth', accounts });
  await app.register(twoFactorSignInRoutes, { prefix: '/auth/login', accounts });
  await app.register(twoFactorAccountRoutes, { prefix: '/auth/two-factor' });
  await app.register(passkeySignInRoutes, { prefix: '/auth/login', accounts });
  await app.register(passkeyAccountRoutes, { prefix: '/auth/passkeys' });
  await app.register(transactionsBackendRoutes, { prefix: '/backend' });
  await app.register(usersRoutes, { prefix: '/backend/users' });
  await app.register(twoFactorResetRoutes, { prefix: '/backend/users' });
  await app.register(rolesRoutes, { prefix: '/backend' });
  await app.register(walletRoutes, { prefix: '/backend' });
  await app.register(backendRefundRoutes, { prefix: '/backend' });
  await app.register(balanceRoutes, { prefix: '/backend', caller: 'staff' });
  await app.register(disputeRoutes, { prefix: '/backend', caller: 'staff' });
  await app.register(fileRoutes, { prefix: '/backend', caller: 'staff' });
  await app.register(cardRoutes, { prefix: '/backend/cards' });
  await app.register(webhooksRoutes, { prefix: '/backend/webhooks' });
  await app.register(apiKeysRoutes, { prefix: '/backend' });
  await app.register(auditRoutes, { prefix: '/backend/audit' });
  await app.register(platformRoutes, { prefix: '/platform' });
  await app.register(publicPaymentRoutes);
  await app.register(merchantRoutes);
  await app.register(refundRoutes);
  await app.register(balanceRoutes, { caller: 'merchant' });
  await app.register(disputeRoutes, { caller: 'merchant' });
  await app.register(fileRoutes, { caller: 'merchant' });
  await app.register(acsRoutes, { prefix: '/sandbox/acs', statusOf: domainErrorStatus });

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    schema: { hide: true, response: { 404: apiError } },
    handler: async (request, reply) => {
      // The path is echoed back as the log has it: card numbers masked, a very long one cut.
      return reply.code(404).send(errorBody(404, `Not found: ${request.method} ${loggableText(request.url.split('?')[0] ?? '')}`));
    },
  });
};
