import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sweepAttemptCounters } from '../src/security/postgres-attempt-counter';
import { bearer, buildTestApp, TEST_PASSWORD } from './helper';
import { buildTwoApps, describeWithRedis, type CounterKind, type TwoApps } from './defences-support';

const PAYMENT_LIMIT = 6;
const LOGIN_LIMIT = 3;
const tooMany = {
  status: 'error',
  message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds?\.$/),
  code: 'rate_limited',
};

/** Every public payment call, each as a payer page would make it (the answers past the limit do not matter). */
const paymentCalls = (publishableKey: string): InjectOptions[] => {
  const headers = bearer(publishableKey);
  return [
    {
      method: 'POST',
      url: '/api/initialize-card-transaction',
      headers,
      payload: { card_number: '4242424242424242', currency: 'USD', reference: null },
    },
    { method: 'POST', url: '/api/process-card-transaction', headers, payload: { data: 'not-an-envelope' } },
    { method: 'GET', url: '/api/checkout/validate/chk_unknown', headers },
    { method: 'POST', url: '/api/update-checkout-status', headers, payload: { reference: 'chk_unknown', status: 'cancelled' } },
    { method: 'GET', url: '/api/checkout/requery?reference=TXNUNKNOWN', headers },
    { method: 'POST', url: '/api/demo-3ds/complete', headers, payload: { transaction_id: 'TXNUNKNOWN', otp: '123456' } },
  ];
};

const from = (remoteAddress: string, call: InjectOptions): InjectOptions => ({ ...call, remoteAddress });

function expectTooMany(response: LightMyRequestResponse, limit: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual(tooMany);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.headers['x-ratelimit-limit']).toBe(String(limit));
}

function rateLimitSuite(kind: CounterKind) {
  let t: TwoApps;
  let calls: InjectOptions[];
  beforeAll(async () => {
    t = await buildTwoApps(kind, {
      PAYMENT_RATE_LIMIT_PER_MINUTE: String(PAYMENT_LIMIT),
      LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
    });
    calls = paymentCalls(t.config.publishableKey);
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(() => t.store.clearAll());

  const apps = (): FastifyInstance[] => [t.a, t.b];

  it('counts the payment calls of one address over every payment route and both instances, then answers 429', async () => {
    for (const [i, call] of calls.entries()) {
      const response = await apps()[i % 2]!.inject(from('203.0.113.7', call));
      expect([call.url, response.statusCode]).not.toEqual([call.url, 429]);
      expect(response.statusCode).toBeLessThan(500);
    }
    for (const [i, call] of calls.entries()) expectTooMany(await apps()[i % 2]!.inject(from('203.0.113.7', call)), PAYMENT_LIMIT);

    // Another address, the payer page's configuration and sign-in are not counted with them.
    expect((await t.a.inject(from('203.0.113.8', calls[2]!))).statusCode).toBe(404);
    expect((await t.b.inject({ url: '/api/public/config', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
    const signIn = await t.b.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'viewer@paydesk.test', password: TEST_PASSWORD },
      remoteAddress: '203.0.113.7',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('counts an IPv6 address by its /64', async () => {
    for (let i = 0; i < PAYMENT_LIMIT; i += 1) await t.a.inject(from(`2001:db8:0:1::${i + 1}`, calls[2]!));
    expectTooMany(await t.b.inject(from('2001:db8:0:1:ffff::9', calls[2]!)), PAYMENT_LIMIT);
    expect((await t.b.inject(from('2001:db8:0:2::1', calls[2]!))).statusCode).toBe(404);
  });

  it('counts sign-in calls per address, right passwords included, apart from the payment calls', async () => {
    const signIn = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'viewer@paydesk.test', password: TEST_PASSWORD },
        remoteAddress,
      });
    for (let i = 0; i < LOGIN_LIMIT; i += 1) expect((await signIn(apps()[i % 2]!, '198.51.100.7')).statusCode).toBe(200);
    expectTooMany(await signIn(t.a, '198.51.100.7'), LOGIN_LIMIT);
    expectTooMany(await signIn(t.b, '198.51.100.7'), LOGIN_LIMIT);
    expect((await signIn(t.a, '198.51.100.8')).statusCode).toBe(200);
    expect((await t.a.inject(from('198.51.100.7', calls[2]!))).statusCode).toBe(404);
  });

  it('lets the address through again once its minute is over', async () => {
    for (let i = 0; i <= PAYMENT_LIMIT; i += 1) await t.a.inject(from('203.0.113.9', calls[2]!));
    expectTooMany(await t.b.inject(from('203.0.113.9', calls[2]!)), PAYMENT_LIMIT);
    await t.store.expireIn('rate:payments:203.0.113.9', 0);
    expect((await t.b.inject(from('203.0.113.9', calls[2]!))).statusCode).toBe(404);
  });

  if (kind === 'database') {
    it('deletes expired counters in the periodic sweep and keeps live ones', async () => {
      for (const address of ['203.0.113.10', '203.0.113.11']) await t.a.inject(from(address, calls[2]!));
      await t.store.expireIn('rate:payments:203.0.113.10', -1000);
      expect(await sweepAttemptCounters(t.db)).toBe(1);
      const keys = await t.db.query<{ key: string }>('select key from attempt_counters order by key');
      expect(keys.map((row) => row.key)).toEqual(['rate:payments:203.0.113.11']);
    });

    it('sweeps every expired counter in one run, a batch at a time', async () => {
      await t.db.query(
        `insert into attempt_counters (key, hits, expires_at)
         select 'rate:payments:sweep-' || n, 1, now() - interval '1 second' from generate_series(1, 25) n`,
      );
      expect(await sweepAttemptCounters(t.db, 10)).toBe(25);
      expect(await t.db.query(`select key from attempt_counters where key like 'rate:payments:sweep-%'`)).toEqual([]);
    });
  }
}

describe('per-address rate limits, counters in the database', () => rateLimitSuite('database'));
describeWithRedis('per-address rate limits, counters in Redis', () => rateLimitSuite('redis'));

describe('rate limits when Redis does not answer', () => {
  it('lets payment calls through (fails open) and logs that the limit was not applied', async () => {
    const t = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1', PAYMENT_RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const call = paymentCalls(t.config.publishableKey)[2]!;
      for (let i = 0; i < 3; i += 1) expect((await t.app.inject(from('203.0.113.7', call))).statusCode).toBe(404);
      expect(t.logs.lines.some((line) => line.msg === 'rate limit not applied: its counter is unavailable')).toBe(true);
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe('the public routes that need no key: the 3-D Secure pages and the merchant demo checkout', () => {
  const LIMIT = 3;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp({ PAYDESK_MODE: 'demo', PAYMENT_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => t?.close());

  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const challenge = (remoteAddress: string): InjectOptions => ({
    method: 'POST',
    url: '/api/sandbox/acs/challenge',
    headers: form,
    payload: 'transaction_id=TXN0123456789AB',
    remoteAddress,
  });
  const demoCheckout = (remoteAddress: string): InjectOptions => ({
    method: 'POST',
    url: '/demo/merchant/checkout',
    payload: { amount: 5 },
    remoteAddress,
  });

  it('counts every 3-D Secure page of one address, then answers 429 with the wait in the page', async () => {
    const calls: InjectOptions[] = [
      challenge('203.0.113.20'),
      { url: '/api/sandbox/acs/acs.css', remoteAddress: '203.0.113.20' },
      { url: '/api/sandbox/acs/notify.js', remoteAddress: '203.0.113.20' },
    ];
    for (const call of calls) expect((await t.app.inject(call)).statusCode).toBe(200);
    const refused = await t.app.inject(challenge('203.0.113.20'));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toMatch(/Too many requests\. Please try again in \d+ seconds?\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject(challenge('203.0.113.21'))).statusCode).toBe(200);
  });

  it('counts the demo checkouts of one address apart from the 3-D Secure pages, then answers 429', async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await t.app.inject(demoCheckout('203.0.113.30'))).statusCode).toBe(201);
    const before = await t.db.query<{ n: number }>('select count(*)::int as n from checkouts');
    expectTooMany(await t.app.inject(demoCheckout('203.0.113.30')), LIMIT);
    expect(await t.db.query<{ n: number }>('select count(*)::int as n from checkouts')).toEqual(before);
    expect((await t.app.inject(challenge('203.0.113.30'))).statusCode).toBe(200);
    expect((await t.app.inject(demoCheckout('203.0.113.31'))).statusCode).toBe(201);
  });
});
