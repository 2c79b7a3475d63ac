import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@paydesk/shared/schemas/common';
import type { DbHealth } from '../db/db-health';
import { errorBody } from './error-body';

const ok = z.object({ status: z.literal('ok') });

/**
 * Liveness (`/healthz`: the process answers and its database calls are not wedged; a failure
 * means restart it) and readiness (`/readyz`: the database answered within two seconds; a
 * failure means send it no traffic for now) for a balancer or an orchestrator.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ health: DbHealth }> = async (app, { health }) => {
  app.get('/healthz', {
    schema: {
      tags: ['health'],
      summary: 'Liveness: 200 while the process is up, 503 once its database calls are wedged',
      response: { 200: ok, 503: apiError },
    },
    handler: async (_request, reply) =>
      health.wedged() ? reply.code(503).send(errorBody(503, 'Database calls are wedged')) : { status: 'ok' as const },
  });

  app.get('/readyz', {
    schema: {
      tags: ['health'],
      summary: 'Readiness: 200 when the database answers within 2 s, else 503',
      response: { 200: ok, 503: apiError },
    },
    handler: async (request, reply) => {
      if (await health.ready()) return { status: 'ok' as const };
      request.log.warn('database not ready');
      return reply.code(503).send(errorBody(503, 'Database unavailable'));
    },
  });
};
