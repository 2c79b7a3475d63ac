import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@paydesk/shared/schemas/common';
import { idempotencyHeaders, refundCreatedResponse, refundFields } from '@paydesk/shared/schemas/refund';
import { transactionDetailsParams } from '@paydesk/shared/schemas/transaction';
import { auditWho } from '../audit/audit-log';
import { retrying } from '../db/retry-transaction';
import { requireAuth } from '../auth/authorize';
import { idempotent, sendIdempotent } from '../idempotency/idempotency-keys';
import { createRefund } from './refunds-service';

/** POST /api/backend/transactions/{transaction_id}/refunds: a staff member refunds a payment (REF-09). */
export const backendRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/transactions/:id/refunds', {
    schema: {
      tags: ['transactions'],
      security: [{ bearerAuth: [] }],
      summary: 'Refund a successful payment, in full or in part',
      description: 'The back office sends an `Idempotency-Key` made once per refund dialog, so a repeated click refunds once.',
      params: transactionDetailsParams,
      headers: idempotencyHeaders,
      body: refundFields,
      response: { 201: refundCreatedResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError },
    },
    // Sign-in and role before the body: a caller without access gets 401/403, never a 400.
    onRequest: app.authorize('transactions.refund'),
    handler: async (request, reply) => {
      const { userId } = requireAuth(request);
      const body = { ...request.body, transaction_id: request.params.id };
      // The whole unit, Idempotency-Key row included, runs again after a deadlock (REF-13).
      const outcome = await idempotent(
        retrying(app.db),
        { scope: `user:${userId}`, key: request.headers['idempotency-key'], request: ['POST /api/backend/transactions/refunds', body] },
        async (tx) => {
          const refund = await createRefund(tx, { userId, settleSeconds: app.config.refundSettleSeconds, audit: auditWho(request) }, body);
          return { statusCode: 201, body: { status: 'success', message: 'Refund created', data: refund } };
        },
      );
      return sendIdempotent(reply, outcome, refundCreatedResponse);
    },
  });
};
