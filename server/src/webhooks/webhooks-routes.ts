import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, statusMessage, withData } from '@paydesk/shared/schemas/common';
import { paginated } from '@paydesk/shared/schemas/transaction';
import {
  createEndpointRequest,
  deliveryAttempt,
  endpointWithSecret,
  eventListQuery,
  resendRequest,
  rollSecretRequest,
  updateEndpointRequest,
  webhookEndpoint,
  webhookEvent,
  webhookPageQuery,
} from '@paydesk/shared/schemas/webhooks';
import { auditWho } from '../audit/audit-log';
import { requireAuth } from '../auth/authorize';
import { notFound } from '../errors/domain-error';
import { pageWindow } from '../paging/page-window';
import { endpointsService } from './endpoints-service';
import { findEndpoint } from './endpoints-repository';
import { findEvent, insertResend, listAttempts, listEvents, type EventRow } from './events-repository';

const security = [{ bearerAuth: [] }];
const tags = ['webhooks'];
const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const idParams = z.object({ id: z.string().trim().min(1).max(64) });

const toEvent = (row: EventRow) => ({ id: row.id, type: row.type, created: row.created, data: { object: row.object } });
const isoOrNull = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());
/** A bare date as `to` means the end of that day (UTC). */
const endOf = (to: string | undefined) => (to && /^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T23:59:59.999Z` : to);

/** /api/backend/webhooks: endpoints, their delivery log, events and resends (HOOK-02, HOOK-04). */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.authorize('developers.manage');
  const service = endpointsService(app.db, app.config);

  // URLs saved before migration 029 are sealed once the server starts (HOOK-07); a failure leaves
  // them as they were (still shown redacted, still delivered) rather than keep the server down.
  app.addHook('onReady', async () => {
    try {
      const sealed = await service.sealStoredUrls();
      if (sealed > 0) app.log.info({ sealed }, 'webhook endpoint URLs sealed');
    } catch (error) {
      app.log.error({ err: error }, 'sealing webhook endpoint URLs failed');
    }
  });

  app.get('/endpoints', {
    schema: {
      tags,
      security,
      summary: 'Webhook endpoints, newest first',
      response: { 200: withData(z.array(webhookEndpoint)), ...errors },
    },
    preHandler,
    handler: async () => ({ status: 'success' as const, data: await service.list() }),
  });

  app.post('/endpoints', {
    schema: {
      tags,
      security,
      summary: 'Add an endpoint; its signing secret is in this answer only',
      body: createEndpointRequest,
      response: { 201: withData(endpointWithSecret), 422: apiError, ...errors },
    },
    preHandler,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ status: 'success' as const, data: await service.create(request.body, requireAuth(request).userId, auditWho(request)) }),
  });

  app.patch('/endpoints/:id', {
    schema: {
      tags,
      security,
      summary: 'Change an endpoint',
      params: idParams,
      body: updateEndpointRequest,
      response: { 200: withData(webhookEndpoint), 422: apiError, ...errors },
    },
    preHandler,
    handler: async (request) => ({
      status: 'success' as const,
      data: await service.update(request.params.id, request.body, auditWho(request)),
    }),
  });

  app.delete('/endpoints/:id', {
    schema: {
      tags,
      security,
      summary: 'Delete an endpoint (its pending deliveries end)',
      params: idParams,
      response: { 200: statusMessage, ...errors },
    },
    preHandler,
    handler: async (request) => {
      await service.remove(request.params.id, auditWho(request));
      return { status: 'success' as const, message: 'Endpoint deleted' };
    },
  });

  app.post('/endpoints/:id/roll-secret', {
    schema: {
      tags,
      security,
      summary: 'A new signing secret; the old one signs too for grace_hours',
      params: idParams,
      body: rollSecretRequest,
      response: { 200: withData(endpointWithSecret), ...errors },
    },
    preHandler,
    handler: async (request) => ({
      status: 'success' as const,
      data: await service.roll(request.params.id, request.body.grace_hours, auditWho(request)),
    }),
  });

  app.get('/endpoints/:id/attempts', {
    schema: {
      tags,
      security,
      summary: "An endpoint's delivery attempts, newest first, with the next retry",
      params: idParams,
      querystring: webhookPageQuery,
      response: { 200: withData(paginated(deliveryAttempt)), ...errors },
    },
    preHandler,
    handler: async (request) => {
      if (!(await findEndpoint(app.db, request.params.id))) throw notFound('Webhook endpoint not found');
      const { page, limit } = request.query;
      const { rows, total } = await listAttempts(app.db, request.params.id, page, limit);
      const data = rows.map((row) => ({ ...row, attempted_at: isoOrNull(row.attempted_at), next_retry_at: isoOrNull(row.next_retry_at) }));
      return { status: 'success' as const, data: { data, ...pageWindow(page, limit, total) } };
    },
  });

  app.get('/events', {
    schema: {
      tags,
      security,
      summary: 'Events, newest first: type, time range, pages',
      querystring: eventListQuery,
      response: { 200: withData(paginated(webhookEvent)), ...errors },
    },
    preHandler,
    handler: async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listEvents(app.db, { ...request.query, to: endOf(request.query.to) });
      return { status: 'success' as const, data: { data: rows.map(toEvent), ...pageWindow(page, limit, total) } };
    },
  });

  app.get('/events/:id', {
    schema: {
      tags,
      security,
      summary: 'One event, as endpoints receive it',
      params: idParams,
      response: { 200: withData(webhookEvent), ...errors },
    },
    preHandler,
    handler: async (request) => {
      const row = await findEvent(app.db, request.params.id);
      if (!row) throw notFound('Event not found');
      return { status: 'success' as const, data: toEvent(row) };
    },
  });

  app.post('/events/:id/resend', {
    schema: {
      tags,
      security,
      summary: 'Send an event again to one endpoint, now',
      params: idParams,
      body: resendRequest,
      response: { 202: statusMessage, ...errors },
    },
    preHandler,
    handler: async (request, reply) => {
      if (!(await findEvent(app.db, request.params.id))) throw notFound('Event not found');
      if (!(await findEndpoint(app.db, request.body.endpoint_id))) throw notFound('Webhook endpoint not found');
      await insertResend(app.db, request.params.id, request.body.endpoint_id);
      return reply.code(202).send({ status: 'success' as const, message: 'The event will be sent again now' });
    },
  });
};
