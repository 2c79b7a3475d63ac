import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKey,
  apiKeyWithSecret,
  apiRequestEntry,
  createApiKeyRequest,
  requestLogQuery,
  rollApiKeyRequest,
} from '@paydesk/shared/schemas/api-keys';
import { apiError, withData } from '@paydesk/shared/schemas/common';
import { paginated } from '@paydesk/shared/schemas/transaction';
import { auditWho } from '../audit/audit-log';
import { pageWindow } from '../paging/page-window';
import { apiKeysService } from './api-keys-service';
import { listRequests } from './request-log';

const security = [{ bearerAuth: [] }];
const tags = ['api-keys'];
const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const idParams = z.object({ id: z.string().trim().min(1).max(64) });

/** /api/backend/api-keys and /api/backend/api-requests: the merchant's API keys and their request log (KEY-01 to KEY-11). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.authorize('developers.manage');
  const service = apiKeysService(app.db, app.keyring, app.config.mode);

  app.get('/api-keys', {
    schema: {
      tags,
      security,
      summary: 'API keys, newest first (a secret key by its prefix only)',
      response: { 200: withData(z.array(apiKey)), ...errors },
    },
    preHandler,
    handler: async () => ({ status: 'success' as const, data: await service.list() }),
  });

  app.post('/api-keys', {
    schema: {
      tags,
      security,
      summary: 'Create a key; the whole key is in this answer only',
      body: createApiKeyRequest,
      response: { 201: withData(apiKeyWithSecret), ...errors },
    },
    preHandler,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send({ status: 'success' as const, message: 'API key created', data: await service.create(request.body, auditWho(request)) }),
  });

  app.post('/api-keys/:id/roll', {
    schema: {
      tags,
      security,
      summary: 'A new key now; the old one keeps working for grace_hours (0, 1, 24, 72 or 168)',
      params: idParams,
      body: rollApiKeyRequest,
      response: { 200: withData(apiKeyWithSecret), 409: apiError, ...errors },
    },
    preHandler,
    handler: async (request) => ({
      status: 'success' as const,
      message: 'API key rolled',
      data: await service.roll(request.params.id, request.body.grace_hours, auditWho(request)),
    }),
  });

  app.post('/api-keys/:id/revoke', {
    schema: {
      tags,
      security,
      summary: 'End a key now (never the last active key of its kind: 409)',
      params: idParams,
      response: { 200: withData(apiKey), 409: apiError, ...errors },
    },
    preHandler,
    handler: async (request) => ({
      status: 'success' as const,
      message: 'API key revoked',
      data: await service.revoke(request.params.id, auditWho(request)),
    }),
  });

  app.get('/api-requests', {
    schema: {
      tags,
      security,
      summary: "The merchant API's requests, newest first: by key, status class and path",
      querystring: requestLogQuery,
      response: { 200: withData(paginated(apiRequestEntry)), ...errors },
    },
    preHandler,
    handler: async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listRequests(app.db, request.query);
      const data = rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
      return { status: 'success' as const, data: { data, ...pageWindow(page, limit, total) } };
    },
  });
};
