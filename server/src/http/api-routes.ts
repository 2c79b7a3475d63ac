import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, type ApiError } from '@paydesk/shared/schemas/common';
import { authRoutes } from '../auth/auth-routes';

/**
 * Everything under /api. Unknown API paths answer with a JSON 404: an explicit `/api/*` route,
 * because the front ends' static wildcard (`/*`) would otherwise catch them before any
 * not-found handler. The root not-found handler stays free for `registerFrontends`.
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes, { prefix: '/auth' });

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    schema: { hide: true, response: { 404: apiError } },
    handler: async (request, reply) => {
      const body: ApiError = { status: 'error', message: `Not found: ${request.method} ${request.url.split('?')[0]}` };
      return reply.code(404).send(body);
    },
  });
};
