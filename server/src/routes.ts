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
import { passkeyAccountRoutes } from './auth/passkey-account-routes';
import { passkeySignInRoutes } from './auth/passkey-routes';
import type { Accounts } from './auth/auth-service';
import { findUserByEmail, findUserById } from './users/users-repository';
import { errorBody } from './http/error-body';
import { domainErrorStatus } from './http/error-status';
import { loggableText } from './logger';
import { named } from './named-plugin';

/**
 * Everything under /api, and the one place that composes the folders' routes (app.ts mounts it).
 * Unknown API paths answer with a JSON 404: an explicit `/api/*` route, because the front ends'
 * static wildcard (`/*`) would otherwise catch them before any not-found handler. The root
 * not-found handler stays free for `registerFrontends`.
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  // Sign-in reads the staff accounts through the users folder's repository (auth lies below users).
  const accounts: Accounts = { findByEmail: findUserByEmail, findById: findUserById };
  await app.register(named(authRoutes), { prefix: '/auth', accounts });
  await app.register(named(twoFactorSignInRoutes), { prefix: '/auth/login', accounts });
  await app.register(named(twoFactorAccountRoutes), { prefix: '/auth/two-factor' });
  await app.register(named(passkeySignInRoutes), { prefix: '/auth/login', accounts });
  await app.register(named(passkeyAccountRoutes), { prefix: '/auth/passkeys' });
  await app.register(named(transactionsBackendRoutes), { prefix: '/backend' });
  await app.register(named(usersRoutes), { prefix: '/backend/users' });
  await app.register(named(twoFactorResetRoutes), { prefix: '/backend/users' });
  await app.register(named(rolesRoutes), { prefix: '/backend' });
  await app.register(named(walletRoutes), { prefix: '/backend' });
  await app.register(named(backendRefundRoutes), { prefix: '/backend' });
  await app.register(named(balanceRoutes), { prefix: '/backend', caller: 'staff' });
  await app.register(named(disputeRoutes), { prefix: '/backend', caller: 'staff' });
  await app.register(named(fileRoutes), { prefix: '/backend', caller: 'staff' });
  await app.register(named(cardRoutes), { prefix: '/backend/cards' });
  await app.register(named(webhooksRoutes), { prefix: '/backend/webhooks' });
  await app.register(named(apiKeysRoutes), { prefix: '/backend' });
  await app.register(named(auditRoutes), { prefix: '/backend/audit' });
  await app.register(named(platformRoutes), { prefix: '/platform' });
  await app.register(named(publicPaymentRoutes));
  await app.register(named(merchantRoutes));
  await app.register(named(refundRoutes));
  await app.register(named(balanceRoutes), { caller: 'merchant' });
  await app.register(named(disputeRoutes), { caller: 'merchant' });
  await app.register(named(fileRoutes), { caller: 'merchant' });
  await app.register(named(acsRoutes), { prefix: '/sandbox/acs', statusOf: domainErrorStatus });

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
