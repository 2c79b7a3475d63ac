import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { auditKeyOf } from '../src/audit/audit-chain';
import { DEMO_PASSWORD } from '../src/demo-password';
import { verifyAuditChain } from '../src/audit/verify-chain';
import { openPostgresDb } from '../src/db/postgres-db';
import { startTwoServers, type ServerProcess, type TwoServers } from './server-process';

/**
 * Two server processes on one PostgreSQL database write the audit trail at once (sign-ins,
 * failed sign-ins, card blocks): the entries form one chain, ids without gaps or forks (AUD-02).
 * PostgreSQL only (`.postgres.test.ts`): embedded PGlite belongs to one process.
 */
const url = process.env.TEST_DATABASE_URL!;
let admin: pg.Client;
let schema: string;
let servers: ServerProcess[] = [];
let two: TwoServers;
// Both processes key their entries with the audit key derived from it (AUD-08); the test verifies with the same.
const cardStorageKey = randomBytes(32).toString('hex');

beforeAll(async () => {
  two = await startTwoServers('audit', {
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    LOGIN_MAX_ATTEMPTS: '100',
    CARD_STORAGE_KEY: cardStorageKey,
  });
  ({ admin, schema, servers } = two);
}, 120_000);

afterAll(() => two?.stop(), 60_000);

const post = (server: ServerProcess, path: string, body: unknown, token?: string) =>
  fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

it('forms one chain without gaps or forks when two processes write at once', async () => {
  const signIn = async (server: ServerProcess) => {
    const response = await post(server, '/api/auth/login', { email: 'admin@paydesk.test', password: DEMO_PASSWORD });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { token: string } }).data.token;
  };
  const tokens = await Promise.all(servers.map(signIn));
  const [card] = (await admin.query<{ id: number }>('select id from pool_cards order by id limit 1')).rows;
  const before = Number((await admin.query<{ n: string }>('select count(*) as n from audit_log')).rows[0]!.n);

  const calls = Array.from({ length: 60 }, (_, i) => {
    const server = servers[i % 2]!;
    switch (i % 3) {
      case 0:
        return signIn(server);
      case 1:
        return post(server, '/api/auth/login', { email: `nobody${i}@paydesk.test`, password: 'Wrong-password-1' }).then((r) =>
          expect(r.status).toBe(401),
        );
      default:
        return post(server, `/api/backend/cards/${card!.id}/status`, { status: i % 2 ? 'blocked' : 'active' }, tokens[i % 2]).then((r) =>
          expect(r.status).toBe(200),
        );
    }
  });
  await Promise.all(calls);

  const rows = (await admin.query<{ id: string; prev_hash: Buffer; hash: Buffer }>('select id, prev_hash, hash from audit_log order by id'))
    .rows;
  expect(rows).toHaveLength(before + 60);
  rows.forEach((row, i) => {
    expect(Number(row.id)).toBe(i + 1);
    if (i > 0) expect(row.prev_hash.equals(rows[i - 1]!.hash)).toBe(true);
  });
  // Each hash is one link: no two entries share a predecessor (a fork).
  expect(new Set(rows.map((row) => row.prev_hash.toString('hex'))).size).toBe(rows.length);

  const db = await openPostgresDb(url, { searchPath: schema, max: 1 });
  try {
    expect(await verifyAuditChain(db, { key: auditKeyOf({ cardStorageKey }) })).toMatchObject({
      intact: true,
      entries: before + 60,
      unkeyed: 0,
    });
  } finally {
    await db.close();
  }
}, 120_000);
