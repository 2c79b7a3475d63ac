import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, withData } from '@paydesk/shared/schemas/common';
import { checkoutObject, paymentObject } from '@paydesk/shared/schemas/merchant-objects';
import { createCheckoutRequest, createCheckoutResponse } from '@paydesk/shared/schemas/public-api';
import { examples, withExample } from '../http/merchant-examples';
import { requireKey } from './api-keys';
import { createCheckout } from './checkouts-service';
import { checkoutObjectOf, paymentObjectOf } from './merchant-objects';

const id = z.string().trim().min(1).max(64);
const security = [{ bearerAuth: [] }];
const tags = ['merchant'];

/** The merchant API (secret key): create a checkout (CHK-01), read a checkout or a payment (MAPI-01). */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requireKey(() => app.config.secretKey, 'secret');

  app.post('/checkout', {
    schema: {
      tags, security,
      summary: 'Create a checkout reference (secret key)',
      body: withExample(createCheckoutRequest, examples.createCheckoutRequest),
      response: { 201: withExample(createCheckoutResponse, examples.createCheckoutResponse), 400: apiError, 401: apiError },
    },
    preHandler,
    handler: async (request, reply) => {
      const data = await createCheckout(app.db, request.body, app.config.publicUrl);
      return reply.code(201).send({ status: 'success' as const, message: 'Checkout created', data });
    },
  });

  app.get('/checkout/:reference', {
    schema: {
      tags, security,
      summary: 'A checkout, with its payments (secret key)',
      params: z.object({ reference: id }),
      response: { 200: withExample(withData(checkoutObject), examples.checkout), 400: apiError, 401: apiError, 404: apiError },
    },
    preHandler,
    handler: async (request) => ({ status: 'success' as const, data: await checkoutObjectOf(app.db, request.params.reference) }),
  });

  app.get('/payments/:transaction_id', {
    schema: {
      tags, security,
      summary: 'A payment (secret key)',
      params: z.object({ transaction_id: id }),
      response: { 200: withExample(withData(paymentObject), examples.payment), 400: apiError, 401: apiError, 404: withExample(apiError, examples.notFound) },
    },
    preHandler,
    handler: async (request) => ({ status: 'success' as const, data: await paymentObjectOf(app.db, request.params.transaction_id) }),
  });
};
