import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, statusMessage } from '@paydesk/shared/schemas/common';
import { createUserRequest, updateUserBody, usersResponse, type AdminUser } from '@paydesk/shared/schemas/user';
import { auditWho } from '../audit/audit-log';
import { requireAuth } from '../auth/authorize';
import { demoPasswordRefusal } from './users-policy';
import { listUsers, type UserRecord } from './users-repository';
import { createUser, deleteUser, updateUser } from './users-service';

const bearer = [{ bearerAuth: [] }];
const userId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

const toWire = (user: UserRecord & { two_factor: boolean }): AdminUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  status: user.status,
  created_at: new Date(user.created_at).toISOString(),
  two_factor: user.two_factor,
});

/** /api/backend/users (USR-07). Who may do what is decided by users-policy, under row locks (PERM-07). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked on request, before the body is validated: 401 and 403 come first, never a 400.
  const manageUsers = app.authorize('users.manage');
  // With the body's other rules, before the password is hashed or any row is locked.
  const refuseDemoPassword = (password: string | undefined) => {
    const refused = demoPasswordRefusal(app.config.mode, password);
    if (refused) throw refused;
  };

  app.get('/', {
    schema: {
      tags: ['users'],
      summary: 'List the admin users',
      security: bearer,
      response: { 200: usersResponse, 401: apiError, 403: apiError },
    },
    // PERM-01: reading the list is its own permission, which users.manage implies.
    onRequest: app.authorize('users.view'),
    handler: async () => ({ data: (await listUsers(app.db)).map(toWire) }),
  });

  app.post('/', {
    schema: {
      tags: ['users'],
      summary: 'Add an admin user',
      security: bearer,
      body: createUserRequest,
      response: { 201: statusMessage, ...refusals },
    },
    onRequest: manageUsers,
    handler: async (request, reply) => {
      refuseDemoPassword(request.body.password);
      await createUser(app.db, requireAuth(request).userId, request.body, auditWho(request));
      return reply.code(201).send({ status: 'success', message: 'User created successfully' });
    },
  });

  app.put('/:id', {
    schema: {
      tags: ['users'],
      summary: 'Edit an admin user; a role change, deactivation or new password ends their sessions',
      security: bearer,
      params: userId,
      body: updateUserBody,
      response: { 200: statusMessage, ...refusals },
    },
    onRequest: manageUsers,
    handler: async (request) => {
      refuseDemoPassword(request.body.password);
      await updateUser(app.db, requireAuth(request).userId, request.params.id, request.body, auditWho(request));
      return { status: 'success' as const, message: 'User updated successfully' };
    },
  });

  app.delete('/:id', {
    schema: {
      tags: ['users'],
      summary: 'Delete an admin user',
      security: bearer,
      params: userId,
      response: { 200: statusMessage, ...refusals },
    },
    onRequest: manageUsers,
    handler: async (request) => {
      await deleteUser(app.db, requireAuth(request).userId, request.params.id, auditWho(request));
      return { status: 'success' as const, message: 'User deleted successfully' };
    },
  });
};
