import { fakeApi } from '@paydesk/shared/testing/fake-api';
import type { AdminUser } from '@paydesk/shared/schemas/user';

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

/**
 * The user calls of USR-07 on the shared fake API: the list answers `users`, every mutation
 * succeeds unless `reply` replaces "METHOD /api/path". Records what the page sent.
 */
export function fakeUsersApi(users: AdminUser[] = someUsers) {
  const done = (status: number) => () => answer(status, { status: 'success', message: 'Done' });
  const api = fakeApi({
    'GET /api/backend/users': () => answer(200, { data: users }),
    'POST /api/backend/users': done(201),
    'PUT /api/backend/users/:id': done(200),
    'DELETE /api/backend/users/:id': done(200),
    'DELETE /api/backend/users/:id/two-factor': done(200),
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
