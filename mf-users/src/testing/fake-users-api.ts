import type { Permission } from '@paydesk/shared/roles';
import type { PermissionInfo, RoleInfo } from '@paydesk/shared/schemas/roles';
import type { AdminUser } from '@paydesk/shared/schemas/user';
import { fakeApi } from '@paydesk/shared/testing/fake-api';
import { builtInRoleGrants } from '@paydesk/shared/testing/render';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Reply = () => Response | Promise<Response>;

export const answer = (status: number, body: unknown): Response =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' },
  });

export const someUsers: AdminUser[] = [
  { id: 1, name: 'Sam Super', email: 'superadmin@paydesk.test', role: 'super_admin', status: 'active' },
  { id: 2, name: 'Alex Admin', email: 'admin@paydesk.test', role: 'admin', status: 'active' },
  { id: 3, name: 'Vic Viewer', email: 'viewer@paydesk.test', role: 'viewer', status: 'suspended' },
];

/** Part of the server's catalogue, in three groups: enough for the role form's rules. */
export const someCatalogue: PermissionInfo[] = [
  {
    key: 'transactions.view',
    label: 'View transactions',
    description: 'See payments and their details.',
    group: 'Transactions',
    implies: [],
  },
  {
    key: 'transactions.refund',
    label: 'Refund payments',
    description: 'Give money back to a payer.',
    group: 'Transactions',
    implies: ['transactions.view'],
  },
  { key: 'users.view', label: 'View users', description: 'See the staff accounts.', group: 'Users', implies: [] },
  { key: 'users.manage', label: 'Manage users', description: 'Add, edit and delete staff.', group: 'Users', implies: ['users.view'] },
  { key: 'platform.manage', label: 'Manage the platform', description: 'Release and roll back remotes.', group: 'Platform', implies: [] },
];

const descriptions = { super_admin: 'Everything.', admin: 'Runs the shop.', viewer: 'Reads only.' } as const;

/**
 * The roles as GET /api/backend/roles lists them to an actor: the built-in ones (with the users of
 * `someUsers`) and any custom ones, `assignable` by the subset rule on the actor's permissions.
 */
export function rolesFor(actorPermissions: readonly Permission[], custom: Omit<RoleInfo, 'assignable'>[] = []): RoleInfo[] {
  const held = new Set(actorPermissions);
  const builtIn = (['super_admin', 'admin', 'viewer'] as const).map((key) => ({
    key,
    name: builtInRoleGrants[key].name,
    description: descriptions[key],
    built_in: true,
    permissions: builtInRoleGrants[key].permissions,
    user_count: someUsers.filter((user) => user.role === key).length,
  }));
  return [...builtIn, ...custom].map((role) => ({ ...role, assignable: role.permissions.every((p) => held.has(p)) }));
}

/**
 * The user and role calls on the shared fake API: the lists answer `users` and the roles as the
 * actor sees them, every change succeeds unless `reply` replaces "METHOD /api/path". Records what
 * the page sent.
 */
export function fakeUsersApi(users: AdminUser[] = someUsers, roles: RoleInfo[] = rolesFor(builtInRoleGrants.super_admin.permissions)) {
  const done = (status: number) => () => answer(status, { status: 'success', message: 'Done' });
  const api = fakeApi({
    'GET /api/backend/users': () => answer(200, { data: users }),
    'POST /api/backend/users': done(201),
    'PUT /api/backend/users/:id': done(200),
    'DELETE /api/backend/users/:id': done(200),
    'DELETE /api/backend/users/:id/two-factor': done(200),
    'GET /api/backend/roles': () => answer(200, { data: roles }),
    'GET /api/backend/permissions': () => answer(200, { data: someCatalogue }),
    'POST /api/backend/roles': ({ body }) => answer(201, { data: { ...savedRole(body), key: 'support', built_in: false } }),
    'PUT /api/backend/roles/:key': ({ body, params }) => answer(200, { data: { ...savedRole(body), key: params.key, built_in: false } }),
    'DELETE /api/backend/roles/:key': () => new Response(null, { status: 204 }),
  });
  const recorded = (): RecordedCall[] => api.calls.map(({ method, path, body }) => ({ method, path, body }));
  return {
    get calls() {
      return recorded();
    },
    mutations: () => recorded().filter((call) => call.method !== 'GET'),
    reply: (key: string, reply: Reply) => api.reply(key, reply),
    restore: api.restore,
  };
}

/** The server's answer to a saved role: what was sent, with what the sent permissions imply. */
function savedRole(body: unknown) {
  const sent = body as { name: string; description?: string; permissions: Permission[] };
  const implied = someCatalogue.filter((entry) => sent.permissions.includes(entry.key)).flatMap((entry) => entry.implies);
  return {
    name: sent.name,
    description: sent.description ?? '',
    permissions: [...new Set([...sent.permissions, ...implied])].sort(),
    user_count: 0,
    assignable: true,
  };
}
