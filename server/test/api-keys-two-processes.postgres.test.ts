import pg from 'pg';
import type { ApiKeyWithSecret } from '@paydesk/shared/schemas/api-keys';
import { DEMO_PASSWORD } from '../src/demo-password';
import { startTwoServers, type ServerProcess, type TwoServers } from './server-process';

/**
 * Two server processes on one PostgreSQL database: a key created or revoked in one is taken or
 * refused by the other within its next look at the key version (KEY-08), with no database call
 * per request. PostgreSQL only (`.postgres.test.ts`): embedded PGlite belongs to one process.
 */
let admin: pg.Client;
let schema: string;
let servers: ServerProcess[] = [];
let two: TwoServers;

beforeAll(async () => {
  two = await startTwoServers('keys');
  ({ admin, schema, servers } = two);
}, 120_000);

afterAll(() => two?.stop(), 60_000);

async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@paydesk.test', password: DEMO_PASSWORD }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** 404 when the key works (no such checkout), 401 when it does not. */
const probe = async (server: ServerProcess, key: string): Promise<number> =>
  (await fetch(`${server.baseUrl}/api/checkout/chk_nonexistent`, { headers: { authorization: `Bearer ${key}` } })).status;

/** Asks until the answer is `expected` (every 100 ms, for at most 15 s); answers the last status seen. */
async function settlesTo(server: ServerProcess, key: string, expected: number): Promise<number> {
  let status = await probe(server, key);
  for (let waited = 0; status !== expected && waited < 15_000; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
    status = await probe(server, key);
  }
  return status;
}

it('a key revoked in one process is refused by the other', async () => {
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const token = await signIn(a);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const created = await fetch(`${a.baseUrl}/api/backend/api-keys`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Two processes', kind: 'secret' }),
  });
  expect(created.status).toBe(201);
  const { key, secret } = ((await created.json()) as { data: ApiKeyWithSecret }).data;
  // The creating process takes the key at once; the other one as soon as it sees the version move.
  expect(await probe(a, secret)).toBe(404);
  expect(await settlesTo(b, secret, 404)).toBe(404);

  const revoked = await fetch(`${a.baseUrl}/api/backend/api-keys/${key.id}/revoke`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(revoked.status).toBe(200);
  expect(await probe(a, secret)).toBe(401);
  expect(await settlesTo(b, secret, 401)).toBe(401);
  // The demo's published key still works in both.
  const [demoKey] = (
    await admin.query<{ prefix: string }>(
      `select prefix from ${schema}.api_keys where kind = 'secret' and revoked_at is null and created_by is null`,
    )
  ).rows;
  expect(demoKey?.prefix).toBe('sk_demo_payd');
}, 60_000);
