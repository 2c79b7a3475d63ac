import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiError } from '@paydesk/shared';
import { authRoutes } from '../auth/auth-routes';

/**
 * Everything under /api. Its own not-found handler answers unknown API paths with JSON, and
 * leaves the root not-found handler (the 404 page) to `registerFrontends`.
 */
export const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setNotFoundHandler((request, reply) => {
    const body: ApiError = { status: 'error', message: `Not found: ${request.method} ${request.url.split('?')[0]}` };
    return reply.code(404).send(body);
  });
  await app.register(authRoutes, { prefix: '/auth' });
};
