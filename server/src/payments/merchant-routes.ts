import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@paydesk/shared/schemas/common';
import { createCheckoutRequest, createCheckoutResponse } from '@paydesk/shared/schemas/public-api';
import { requireKey } from './api-keys';
import { createCheckout } from './checkouts-service';

/** POST /api/checkout: a merchant system creates a checkout reference with its secret key. */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/checkout', {
    schema: {
      tags: ['merchant'],
      summary: 'Create a checkout reference (secret key)',
      security: [{ bearerAuth: [] }],
      body: createCheckoutRequest,
      response: { 201: createCheckoutResponse, 400: apiError, 401: apiError },
    },
    preHandler: requireKey(() => app.config.secretKey, 'secret'),
    handler: async (request, reply) => {
      const data = await createCheckout(app.db, request.body, app.config.publicUrl);
      return reply.code(201).send({ status: 'success' as const, message: 'Checkout created', data });
    },
  });
};
