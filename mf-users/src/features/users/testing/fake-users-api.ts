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
 * The user calls of USR-07 behind a spy on fetch: the list answers `users`, every mutation
 * succeeds unless `reply` overrides "METHOD /api/path". Records what the page sent.
 */
export function fakeUsersApi(users: AdminUser[] = someUsers) {
  const calls: RecordedCall[] = [];
  const replies = new Map<string, Reply>();
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
    const override = replies.get(`${request.method} ${path}`);
    if (override) return override();
    if (request.method === 'GET') return answer(200, { data: users });
    return answer(request.method === 'POST' ? 201 : 200, { status: 'success', message: 'Done' });
  });
  return {
    calls,
    mutations: () => calls.filter((call) => call.method !== 'GET'),
    reply: (key: string, reply: Reply) => replies.set(key, reply),
    restore: () => spy.mockRestore(),
  };
}
