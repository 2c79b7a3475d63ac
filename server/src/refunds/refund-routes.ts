import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@paydesk/shared/schemas/common';
import { idempotencyHeaders, refundCreatedResponse, refundIdParams, refundRequest, refundResponse } from '@paydesk/shared/schemas/refund';
import { auditWho } from '../audit/audit-log';
import { retrying } from '../db/retry-transaction';
import { notFound } from '../errors/domain-error';
import { examples } from '../payments/merchant-examples';
import { withExample } from '../validation/openapi-example';
import { apiKeyScope, idempotent, sendIdempotent } from '../idempotency/idempotency-keys';
import { requireKey } from '../api-keys/register-api-keys';
import { findRefund } from './refunds-repository';
import { createRefund } from './refunds-service';

/** POST /api/refunds and GET /api/refunds/{id}: a merchant system's refunds, with the secret key (REF-08). */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['refunds'];
  const security = [{ bearerAuth: [] }];
  // The key before the body: a caller without it gets 401, never a 400.
  const onRequest = requireKey(app, 'secret');

  app.post('/refunds', {
    schema: {
      tags,
      security,
      summary: 'Refund a successful payment, in full or in part (secret key)',
      description:
        'The amount defaults to what is left of the payment. The refund is `pending`, then `succeeded` (or `failed`, when the money ' +
        'returns to the balance) after REFUND_SETTLE_SECONDS. An `Idempotency-Key` header makes a retry with the same body answer ' +
        'with the first refund (header `Idempotent-Replayed: true`); the same key with another body is refused (422).',
      headers: idempotencyHeaders,
      body: withExample(refundRequest, examples.refundRequest),
      response: {
        201: withExample(refundCreatedResponse, examples.refundCreated),
        400: apiError,
        401: apiError,
        404: apiError,
        409: withExample(apiError, examples.refundExceeds),
        422: apiError,
      },
    },
    onRequest,
    handler: async (request, reply) => {
      // The whole unit, Idempotency-Key row included, runs again after a deadlock (REF-13).
      const outcome = await idempotent(
        retrying(app.db),
        { scope: apiKeyScope(request.apiKey), key: request.headers['idempotency-key'], request: ['POST /api/refunds', request.body] },
        async (tx) => {
          const refund = await createRefund(
            tx,
            { userId: null, settleSeconds: app.config.refundSettleSeconds, audit: auditWho(request) },
            request.body,
          );
          return { statusCode: 201, body: { status: 'success', message: 'Refund created', data: refund } };
        },
      );
      return sendIdempotent(reply, outcome, refundCreatedResponse);
    },
  });

  app.get('/refunds/:id', {
    schema: {
      tags,
      security,
      summary: 'One refund, by its id (re_…)',
      params: refundIdParams,
      response: { 200: withExample(refundResponse, examples.refund), 400: apiError, 401: apiError, 404: apiError },
    },
    onRequest,
    handler: async (request) => {
      const { id } = request.params;
      const row = id.startsWith('re_') ? await findRefund(app.db, id) : undefined;
      if (!row) throw notFound(id.startsWith('re_') ? 'No refund has this id' : 'No refund has this id: refund ids start with re_');
      return { status: 'success' as const, data: row.object };
    },
  });
};
