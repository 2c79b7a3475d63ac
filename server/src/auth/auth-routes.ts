import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequest, loginResponse, meResponse } from '@paydesk/shared/schemas/auth';
import { apiError, statusMessage } from '@paydesk/shared/schemas/common';
import { signIn } from './auth-service';
import { requireAuth } from './authorize';
import { revokeSession } from './sessions-repository';

const bearer = [{ bearerAuth: [] }];

/** /api/auth: sign in (spec point 7), sign out, and who am I. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/login', {
    schema: {
      tags: ['auth'],
      summary: 'Sign in with e-mail and password',
      body: loginRequest,
      response: { 200: loginResponse, 400: apiError, 401: apiError },
    },
    handler: async (request) => {
      const data = await signIn(app.db, app.tokens, app.config, request.body.email, request.body.password);
      return { status: 'success' as const, message: 'Login successful', data };
    },
  });

  app.post('/logout', {
    schema: {
      tags: ['auth'],
      summary: 'Sign out: revokes this session at once',
      security: bearer,
      response: { 200: statusMessage, 401: apiError },
    },
    preHandler: app.authorize(),
    handler: async (request) => {
      await revokeSession(app.db, requireAuth(request).sessionId);
      return { status: 'success' as const, message: 'Logged out' };
    },
  });

  app.get('/me', {
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user',
      security: bearer,
      response: { 200: meResponse, 401: apiError },
    },
    preHandler: app.authorize(),
    handler: async (request) => {
      const { userId, name, role, email } = requireAuth(request);
      return { status: 'success' as const, data: { id: userId, name, role, email } };
    },
  });
};
