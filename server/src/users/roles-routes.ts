import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { permissions } from '@paydesk/shared/roles';
import { apiError } from '@paydesk/shared/schemas/common';
import {
  createRoleRequest,
  permissionsResponse,
  roleKeyParams,
  roleResponse,
  rolesResponse,
  updateRoleRequest,
} from '@paydesk/shared/schemas/roles';
import { auditWho } from '../audit/audit-log';
import { requireAuth } from '../auth/authorize';
import { permissionCatalogue } from '../auth/permission-catalogue';
import { createRole, deleteRole, listRoles, updateRole } from './roles-service';

const bearer = [{ bearerAuth: [] }];
const refusals = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };

/** The catalogue as listed (PERM-01): in the order of the shared list, which groups it. */
const catalogue = permissions.map((key) => ({ key, ...permissionCatalogue[key], implies: [...permissionCatalogue[key].implies] }));

/** /api/backend/permissions and /api/backend/roles (PERM-01, PERM-05). The rules are roles-service's, under row locks. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked on request, before the body is validated: 401 and 403 come first, never a 400.
  const manageRoles = app.authorize('roles.manage');

  app.get('/permissions', {
    schema: {
      tags: ['roles'],
      summary: 'The permission catalogue: each permission with its label, description, group and what it implies',
      security: bearer,
      response: { 200: permissionsResponse, 401: apiError },
    },
    onRequest: app.authorize(),
    handler: async () => ({ data: catalogue }),
  });

  app.get('/roles', {
    schema: {
      tags: ['roles'],
      summary: 'The roles, built-in and custom, with their permissions, holders, and whether the caller may give each',
      security: bearer,
      response: { 200: rolesResponse, 401: apiError, 403: apiError },
    },
    onRequest: app.authorize('roles.view'),
    handler: async (request) => ({ data: await listRoles(app.db, requireAuth(request).permissions) }),
  });

  app.post('/roles', {
    schema: {
      tags: ['roles'],
      summary: 'Create a custom role; its key is made from the name when absent, and it may hold only permissions the caller holds',
      security: bearer,
      body: createRoleRequest,
      response: { 201: roleResponse, ...refusals },
    },
    onRequest: manageRoles,
    handler: async (request, reply) => {
      const role = await createRole(app.db, requireAuth(request).userId, request.body, auditWho(request));
      return reply.code(201).send({ data: role });
    },
  });

  app.put('/roles/:key', {
    schema: {
      tags: ['roles'],
      summary: "Replace a custom role's name, description and permissions; its holders get them at their next request",
      security: bearer,
      params: roleKeyParams,
      body: updateRoleRequest,
      response: { 200: roleResponse, ...refusals },
    },
    onRequest: manageRoles,
    handler: async (request) => ({
      data: await updateRole(app.db, requireAuth(request).userId, request.params.key, request.body, auditWho(request)),
    }),
  });

  app.delete('/roles/:key', {
    schema: {
      tags: ['roles'],
      summary: 'Delete a custom role that no user holds',
      security: bearer,
      params: roleKeyParams,
      response: { 204: z.null(), ...refusals },
    },
    onRequest: manageRoles,
    handler: async (request, reply) => {
      await deleteRole(app.db, requireAuth(request).userId, request.params.key, auditWho(request));
      return reply.code(204).send(null);
    },
  });
};
