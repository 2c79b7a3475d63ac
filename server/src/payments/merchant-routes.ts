import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, withData } from '@paydesk/shared/schemas/common';
import { checkoutObject, paymentObject } from '@paydesk/shared/schemas/merchant-objects';
import { createCheckoutRequest, createCheckoutResponse } from '@paydesk/shared/schemas/public-api';
import { withExample } from '../validation/openapi-example';
import { examples } from './merchant-examples';
import { idempotencyHeaders } from '@paydesk/shared/schemas/refund';
import { requireKey } from '../api-keys/register-api-keys';
import { apiKeyScope, idempotent, sendIdempotent } from '../idempotency/idempotency-keys';
import { createCheckout } from './checkouts-service';
import { checkoutObjectOf, paymentObjectOf } from './merchant-objects';

const id = z.string().trim().min(1).max(64);
const security = [{ bearerAuth: [] }];
const tags = ['merchant'];

/** The merchant API (secret key): create a checkout (CHK-01), read a checkout or a payment (MAPI-01). */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  // The key before the body: a caller without it gets 401, never a 400, and a 400 is logged for its key (KEY-10).
  const onRequest = requireKey(app, 'secret');
  const checkoutHeaders = idempotencyHeaders.extend({
    'idempotency-key': withExample(idempotencyHeaders.shape['idempotency-key'], examples.idempotencyKey),
  });

  app.post('/checkout', {
    schema: {
      tags,
      security,
      summary: 'Create a checkout reference (secret key)',
      description:
        'An `Idempotency-Key` header (any unique string up to 255 characters, such as your order id) makes a retry safe: the same ' +
        'key with the same body within 24 hours answers with the first checkout and the header `Idempotent-Replayed: true`, and ' +
        'creates nothing; the same key with another body is refused (422 `idempotency_key_reused`). Keys are per secret key: ' +
        'another secret key may use the same one for its own checkout. Example: ' +
        '`Idempotency-Key: order-A-1001-checkout`.',
      headers: checkoutHeaders,
      body: withExample(createCheckoutRequest, examples.createCheckoutRequest),
      response: {
        201: withExample(createCheckoutResponse, examples.createCheckoutResponse),
        400: apiError,
        401: apiError,
        422: withExample(apiError, examples.idempotencyKeyReused),
      },
    },
    onRequest,
    handler: async (request, reply) => {
      // IDEM-05: one checkout per Idempotency-Key, whatever number of retries arrive at once.
      const outcome = await idempotent(
        app.db,
        { scope: apiKeyScope(request.apiKey), key: request.headers['idempotency-key'], request: ['POST /api/checkout', request.body] },
        async (tx) => {
          const data = await createCheckout(tx, request.body, app.config.publicUrl);
          return { statusCode: 201, body: { status: 'success', message: 'Checkout created', data } };
        },
      );
      return sendIdempotent(reply, outcome, createCheckoutResponse);
    },
  });

  app.get('/checkout/:reference', {
    schema: {
      tags,
      security,
      summary: 'A checkout, with its payments (secret key)',
      params: z.object({ reference: id }),
      response: { 200: withExample(withData(checkoutObject), examples.checkout), 400: apiError, 401: apiError, 404: apiError },
    },
    onRequest,
    handler: async (request) => ({ status: 'success' as const, data: await checkoutObjectOf(app.db, request.params.reference) }),
  });

  app.get('/payments/:transaction_id', {
    schema: {
      tags,
      security,
      summary: 'A payment (secret key)',
      params: z.object({ transaction_id: id }),
      response: {
        200: withExample(withData(paymentObject), examples.payment),
        400: apiError,
        401: apiError,
        404: withExample(apiError, examples.notFound),
      },
    },
    onRequest,
    handler: async (request) => ({ status: 'success' as const, data: await paymentObjectOf(app.db, request.params.transaction_id) }),
  });
};
