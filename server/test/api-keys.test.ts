import type { ApiKey, ApiKeyWithSecret, ApiRequestEntry } from '@paydesk/shared/schemas/api-keys';
import { buildApp } from '../src/app';
import { MissingKeyError } from '../src/api-keys/api-keys-service';
import { hashKey } from '../src/api-keys/key-material';
import { KEEP_PER_KEY, pruneRequestLog } from '../src/api-keys/request-log';
import { migrate } from '../src/db/migrate';
import { bearer, buildTestApp, captureLogs, login, openTestDb, testConfig, type TestApp } from './helper';

/** API keys in the database (KEY-01 to KEY-11), on both databases. */
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer(await login(t.app, 'admin@paydesk.test'));
}, 60_000);
afterAll(() => t?.close());

const keysApi = {
  list: async (): Promise<ApiKey[]> => (await t.app.inject({ method: 'GET', url: '/api/backend/api-keys', headers: admin })).json().data,
  create: (name: string, kind: 'publishable' | 'secret') =>
    t.app.inject({ method: 'POST', url: '/api/backend/api-keys', headers: admin, payload: { name, kind } }),
  roll: (id: string, grace: number) =>
    t.app.inject({ method: 'POST', url: `/api/backend/api-keys/${id}/roll`, headers: admin, payload: { grace_hours: grace } }),
  revoke: (id: string) => t.app.inject({ method: 'POST', url: `/api/backend/api-keys/${id}/revoke`, headers: admin }),
};

async function newSecretKey(name = 'Shop server'): Promise<ApiKeyWithSecret> {
  const response = await keysApi.create(name, 'secret');
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

/** A merchant API call that any working secret key may make: 404 when the key works, 401 when not. */
const probe = async (key: string): Promise<number> =>
  (await t.app.inject({ method: 'GET', url: '/api/checkout/chk_nonexistent', headers: bearer(key) })).statusCode;

const checkoutBody = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+15550101',
  amount: 12.5,
  metadata: { order: 'K-1' },
};
const createCheckout = (key: string, payload: object = checkoutBody, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/checkout', headers: { ...bearer(key), ...headers }, payload });

/** What `Date.now()` says while `fn` runs: `ms` later than now. */
async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  const realNow = Date.now.bind(Date);
  const spy = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ms);
  try {
    return await fn();
  } finally {
    spy.mockRestore();
  }
}

describe('creating and listing keys (KEY-01, KEY-03, KEY-04)', () => {
  it('shows a new secret key once, stores only its hash, and lists it by its prefix', async () => {
    const created = await newSecretKey('Order service');
    expect(created.secret).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({
      kind: 'secret',
      name: 'Order service',
      status: 'active',
      prefix: created.secret.slice(0, 12),
      publishable_key: null,
      created_by: 'Alex Admin',
    });
    expect(await probe(created.secret)).toBe(404);

    const listed = await t.app.inject({ method: 'GET', url: '/api/backend/api-keys', headers: admin });
    expect(listed.body).not.toContain(created.secret);
    expect(listed.body).not.toContain(created.secret.slice(12));
    const [row] = await t.db.query<Record<string, unknown>>('select * from api_keys where id = $1', [created.key.id]);
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(12));
    expect(row).toMatchObject({ key_hash: hashKey(created.secret), publishable_key: null });
  });

  it('keeps a publishable key in clear and hands the newest lasting one to payer pages', async () => {
    const response = await keysApi.create('Checkout pages', 'publishable');
    expect(response.statusCode).toBe(201);
    const { key, secret } = response.json().data as ApiKeyWithSecret;
    expect(secret).toMatch(/^pk_live_/);
    expect(key.publishable_key).toBe(secret);
    const config = (await t.app.inject({ method: 'GET', url: '/api/public/config' })).json().data;
    expect(config.publishableKey).toBe(secret);
    // Payer calls take it, the merchant API does not.
    const validate = await t.app.inject({ method: 'GET', url: '/api/checkout/validate/chk_nonexistent', headers: bearer(secret) });
    expect(validate.statusCode).toBe(404);
    expect(await probe(secret)).toBe(401);
  });

  it("writes a key's last use in a batch, not on the request", async () => {
    const { key, secret } = await newSecretKey();
    expect(await probe(secret)).toBe(404);
    const [before] = await t.db.query<{ last_used_at: unknown }>('select last_used_at from api_keys where id = $1', [key.id]);
    expect(before!.last_used_at).toBeNull();
    await t.app.keyring.flushLastUse();
    const listed = (await keysApi.list()).find((k) => k.id === key.id);
    expect(listed?.last_used_at).not.toBeNull();
  });

  it('refuses a name too long, an unknown kind, and a made-up grace period', async () => {
    expect((await keysApi.create('x'.repeat(101), 'secret')).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/backend/api-keys', headers: admin, payload: { name: 'A', kind: 'private' } }))
        .statusCode,
    ).toBe(400);
    const { key } = await newSecretKey();
    expect((await keysApi.roll(key.id, 5)).statusCode).toBe(400);
    expect((await keysApi.roll('key_unknown0000000000000', 1)).statusCode).toBe(404);
  });
});

describe('rolling and revoking (KEY-05, KEY-06)', () => {
  it('keeps the old key working until its grace period ends, then refuses it', async () => {
    const { key, secret } = await newSecretKey();
    const rolled = await keysApi.roll(key.id, 1);
    expect(rolled.statusCode).toBe(200);
    const { key: next, secret: nextSecret, previous } = rolled.json().data as ApiKeyWithSecret;
    expect(nextSecret).not.toBe(secret);
    expect(previous).toMatchObject({ id: key.id, status: 'expiring' });
    expect(next).toMatchObject({ status: 'active', name: key.name });
    expect([await probe(secret), await probe(nextSecret)]).toEqual([404, 404]);
    // An hour and a minute later, the old key is refused and the new one works.
    expect(await later(61 * 60_000, async () => [await probe(secret), await probe(nextSecret)])).toEqual([401, 404]);
  });

  it('ends the old key at once with no grace period', async () => {
    const { key, secret } = await newSecretKey();
    const { secret: nextSecret } = (await keysApi.roll(key.id, 0)).json().data as ApiKeyWithSecret;
    expect([await probe(secret), await probe(nextSecret)]).toEqual([401, 404]);
    expect((await keysApi.list()).find((k) => k.id === key.id)?.status).toBe('expired');
    expect((await keysApi.roll(key.id, 1)).json()).toMatchObject({ code: 'api_key_ended' });
  });

  it('refuses a revoked key at once', async () => {
    const { key, secret } = await newSecretKey();
    expect(await probe(secret)).toBe(404);
    const revoked = await keysApi.revoke(key.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data).toMatchObject({ id: key.id, status: 'revoked' });
    expect(await probe(secret)).toBe(401);
    expect((await createCheckout(secret)).statusCode).toBe(401);
  });
});

describe('the last active key of a kind (KEY-07)', () => {
  const lasting = async (kind: 'publishable' | 'secret') => (await keysApi.list()).filter((k) => k.kind === kind && k.status === 'active');

  it('refuses to revoke it with a 409 that says why, however many revokes run at once', async () => {
    for (const kind of ['secret', 'publishable'] as const) {
      if ((await lasting(kind)).length < 2) expect((await keysApi.create('Spare', kind)).statusCode).toBe(201);
      const keys = await lasting(kind);
      const answers = await Promise.all(keys.map((k) => keysApi.revoke(k.id)));
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(keys.length - 1);
      const refused = answers.filter((a) => a.statusCode === 409);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.json()).toMatchObject({
        status: 'error',
        code: 'last_active_key',
        message: expect.stringContaining(`last active ${kind} key`),
      });
      const left = await lasting(kind);
      expect(left).toHaveLength(1);
      // The one left still works, and a rolled key does not count as lasting.
      const rolled = (await keysApi.roll(left[0]!.id, 24)).json().data as ApiKeyWithSecret;
      expect((await keysApi.revoke(rolled.key.id)).statusCode).toBe(409);
      expect((await keysApi.revoke(left[0]!.id)).statusCode).toBe(200);
    }
  });
});

describe('who may manage keys (KEY-01)', () => {
  it('refuses a viewer every key route, and a caller without a session', async () => {
    const viewer = bearer(await login(t.app, 'viewer@paydesk.test'));
    const { key } = await newSecretKey();
    const calls = [
      { method: 'GET' as const, url: '/api/backend/api-keys' },
      { method: 'POST' as const, url: '/api/backend/api-keys', payload: { name: 'Nope', kind: 'secret' } },
      { method: 'POST' as const, url: `/api/backend/api-keys/${key.id}/roll`, payload: { grace_hours: 0 } },
      { method: 'POST' as const, url: `/api/backend/api-keys/${key.id}/revoke` },
      { method: 'GET' as const, url: '/api/backend/api-requests' },
    ];
    for (const call of calls) {
      expect((await t.app.inject({ ...call, headers: viewer })).statusCode).toBe(403);
      expect((await t.app.inject(call)).statusCode).toBe(401);
    }
    expect((await keysApi.list()).find((k) => k.id === key.id)?.status).toBe('active');
  });
});

describe('the request log (KEY-10, KEY-11)', () => {
  it('records method, path, status, latency and Idempotency-Key of each request, never a body or a card number', async () => {
    const { key, secret } = await newSecretKey('Logged');
    const card = '4242424242424242';
    expect(
      (await createCheckout(secret, { ...checkoutBody, metadata: { note: card } }, { 'idempotency-key': 'order-log-1' })).statusCode,
    ).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `/api/payments/${card}?cvv=123`, headers: bearer(secret) })).statusCode).toBe(404);
    expect((await createCheckout(secret, { ...checkoutBody, amount: -1 })).statusCode).toBe(400);
    await t.app.requestLog.flush();

    const read = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/backend/api-requests?key_id=${key.id}${query}`, headers: admin });
      expect(response.statusCode).toBe(200);
      return response.json().data as { data: ApiRequestEntry[]; total: number };
    };
    const all = await read('');
    expect(all.total).toBe(3);
    expect(all.data.map((e) => [e.method, e.status])).toEqual([
      ['POST', 400],
      ['GET', 404],
      ['POST', 201],
    ]);
    expect(all.data[2]).toMatchObject({
      path: '/api/checkout',
      idempotency_key: 'order-log-1',
      key_id: key.id,
      key_prefix: secret.slice(0, 12),
    });
    expect(all.data[1]!.path).toBe('/api/payments/424242…4242');
    for (const entry of all.data) expect(entry.latency_ms).toBeGreaterThanOrEqual(0);

    const stored = JSON.stringify(await t.db.query('select * from api_request_log where key_id = $1', [key.id]));
    for (const leak of [card, 'Lovelace', 'cvv', 'ada@example.com', secret]) expect(stored).not.toContain(leak);

    expect((await read('&status_class=4xx')).data.map((e) => e.status)).toEqual([400, 404]);
    expect((await read('&status_class=2xx')).total).toBe(1);
    expect((await read('&path=/api/payments')).data.map((e) => e.method)).toEqual(['GET']);
    const paged = await read('&limit=2&page=2');
    expect([paged.data.length, paged.total]).toEqual([1, 3]);
  });

  it('keeps the newest 10,000 requests of each key, and none older than 7 days', async () => {
    const { key: busy } = await newSecretKey('Busy');
    const { key: quiet } = await newSecretKey('Quiet');
    const insert = (keyId: string, count: number, age: string) =>
      t.db.query(
        `insert into api_request_log (key_id, method, path, status, latency_ms, created_at)
         select $1, 'GET', '/api/checkout/chk_' || n, 200, 1, now() - $3::interval + make_interval(secs => n) from generate_series(1, $2::int) as n`,
        [keyId, count, age],
      );
    await insert(busy.id, KEEP_PER_KEY + 25, '1 hour');
    await insert(quiet.id, 3, '8 days');
    await insert(quiet.id, 2, '1 day');
    await pruneRequestLog(t.db);
    const counts = await t.db.query<{ key_id: string; n: number }>(
      `select key_id, count(*)::int as n from api_request_log where key_id in ($1, $2) group by key_id`,
      [busy.id, quiet.id],
    );
    expect(Object.fromEntries(counts.map((c) => [c.key_id, c.n]))).toEqual({ [busy.id]: KEEP_PER_KEY, [quiet.id]: 2 });
    // The busy key's first 25 requests went: the newest stay.
    const [first] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from api_request_log where key_id = $1 and path in ('/api/checkout/chk_1', '/api/checkout/chk_25', '/api/checkout/chk_26')`,
      [busy.id],
    );
    expect(first!.n).toBe(1);
  });

  it('logs nothing for a refused key or a payer call', async () => {
    const [{ n: before } = { n: 0 }] = await t.db.query<{ n: number }>('select count(*)::int as n from api_request_log');
    expect(await probe('sk_live_not-a-key-at-all')).toBe(401);
    await t.app.inject({ method: 'GET', url: '/api/checkout/validate/chk_nonexistent', headers: bearer(t.config.publishableKey) });
    await t.app.requestLog.flush();
    const [{ n: after } = { n: 0 }] = await t.db.query<{ n: number }>('select count(*)::int as n from api_request_log');
    expect(after).toBe(before);
  });
});

describe('POST /api/checkout with an Idempotency-Key (IDEM-05)', () => {
  const checkouts = async () => Number((await t.db.query<{ n: number }>('select count(*)::int as n from checkouts'))[0]!.n);
  let key = '';
  beforeAll(async () => {
    key = (await newSecretKey('Idempotent')).secret;
  });

  it('creates one checkout for 50 identical requests at once; the others replay it', async () => {
    const before = await checkouts();
    const headers = { 'idempotency-key': `order-${Date.now()}-same` };
    const answers = await Promise.all(Array.from({ length: 50 }, () => createCheckout(key, checkoutBody, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((a) => a.json().data.reference)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await checkouts()).toBe(before + 1);
    const again = await createCheckout(key, checkoutBody, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.reference).toBe(answers[0]!.json().data.reference);
  });

  it('gives one 201 and 49 refusals to 50 different requests with one key', async () => {
    const before = await checkouts();
    const headers = { 'idempotency-key': `order-${Date.now()}-conflict` };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createCheckout(key, { ...checkoutBody, amount: 10 + i }, headers)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 422);
    expect(refused).toHaveLength(49);
    for (const answer of refused) expect(answer.json()).toMatchObject({ status: 'error', code: 'idempotency_key_reused' });
    expect(await checkouts()).toBe(before + 1);
  });

  it('creates a checkout each time without a key', async () => {
    const before = await checkouts();
    const [a, b] = await Promise.all([createCheckout(key), createCheckout(key)]);
    expect(a!.json().data.reference).not.toBe(b!.json().data.reference);
    expect(a!.headers['idempotent-replayed']).toBeUndefined();
    expect(await checkouts()).toBe(before + 2);
  });
});

describe('the first keys (KEY-02)', () => {
  it("inserts the environment's keys once, and refuses to start without keys in production", async () => {
    const testDb = await openTestDb();
    try {
      await migrate(testDb.db);
      const { logger } = captureLogs();
      const bare = { ...testConfig(), publishableKey: undefined, secretKey: undefined };
      await expect(buildApp({ config: bare, db: testDb.db, logger })).rejects.toThrow(MissingKeyError);
      await expect(buildApp({ config: bare, db: testDb.db, logger })).rejects.toThrow(/PUBLISHABLE_KEY is required/);

      const first = testConfig();
      const app = await buildApp({ config: first, db: testDb.db, logger });
      await app.close();
      // A later start with other variables adds nothing: the keys exist.
      const second = testConfig();
      const again = await buildApp({ config: second, db: testDb.db, logger });
      try {
        const rows = await testDb.db.query<{ key_hash: string; kind: string }>('select key_hash, kind from api_keys order by kind');
        expect(rows).toEqual([
          { kind: 'publishable', key_hash: hashKey(first.publishableKey) },
          { kind: 'secret', key_hash: hashKey(first.secretKey) },
        ]);
        expect(
          (await again.inject({ method: 'GET', url: '/api/checkout/chk_nonexistent', headers: bearer(first.secretKey) })).statusCode,
        ).toBe(404);
        expect(
          (await again.inject({ method: 'GET', url: '/api/checkout/chk_nonexistent', headers: bearer(second.secretKey) })).statusCode,
        ).toBe(401);
      } finally {
        await again.close();
      }
    } finally {
      await testDb.dispose();
    }
  });
});
