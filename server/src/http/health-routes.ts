import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@paydesk/shared/schemas/common';

const ok = z.object({ status: z.literal('ok') });

/** Liveness (the process answers) and readiness (the database answers) for a balancer. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', {
    schema: { tags: ['health'], response: { 200: ok } },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/readyz', {
    schema: { tags: ['health'], response: { 200: ok, 503: apiError } },
    handler: async (request, reply) => {
      try {
        await app.db.query('select 1');
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        return reply.code(503).send({ status: 'error', message: 'Database unavailable' });
      }
    },
  });
};
