import * as argon2 from '@node-rs/argon2';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SIGN_IN_UNAVAILABLE } from '../src/auth/auth-routes';
import { signInLockKey } from '../src/auth/sign-in-lockout';
import { loadConfig } from '../src/config';
import { buildTestApp, TEST_PASSWORD } from './helper';
import { buildTwoApps, describeWithRedis, type CounterKind, type TwoApps } from './defences-support';

// argon2's verify, still the real one, watched: which hashes a sign-in checks its password against.
jest.mock('@node-rs/argon2', () => {
  const actual = jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
  return { ...actual, verify: jest.fn(actual.verify) };
});
const verify = jest.mocked(argon2.verify);

const ADMIN = 'admin@paydesk.test';
const UNKNOWN = 'nobody-here@paydesk.test';
const WRONG = 'not-the-password-1';
const generic = { status: 'error', message: 'Invalid username or password', code: 'unauthorized' };
const locked = (minutes: number) => ({
  status: 'error',
  code: 'rate_limited',
  message: `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
});

const signIn = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: '198.51.100.20' });

/** What an attacker can compare: the status, the body and whether a Retry-After came. */
const answer = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.body,
  retry: 'retry-after' in response.headers,
});

function lockoutSuite(kind: CounterKind) {
  let t: TwoApps;
  beforeAll(async () => {
    t = await buildTwoApps(kind);
  }, 60_000);
  afterAll(() => t?.close());
  beforeEach(() => t.store.clearAll());

  it('locks an address after 5 failed sign-ins in a row, counted across two instances, even for the right password', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await signIn(attempt % 2 ? t.a : t.b, ADMIN, WRONG);
      expect([attempt, response.statusCode, response.json()]).toEqual([attempt, 401, generic]);
    }
    const fifth = await signIn(t.a, ADMIN, WRONG);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual(locked(30));
    const retryAfter = Number(fifth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(29 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);

    for (const app of [t.a, t.b]) {
      const right = await signIn(app, ADMIN, TEST_PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.json()).toEqual(locked(30));
    }
    // Another account is not affected.
    expect((await signIn(t.b, 'viewer@paydesk.test', TEST_PASSWORD)).statusCode).toBe(200);
    // Failures and the lock are logged with the address, for monitoring.
    const refused = t.logs.lines.filter((line) => line.msg === 'sign-in refused' && line.email === ADMIN).map((line) => line.reason);
    expect(refused).toEqual(expect.arrayContaining([generic.message, locked(30).message]));
  });

  it('gives an unknown e-mail byte-identical answers at every step, and a real password check of the same cost', async () => {
    // What the time of an answer depends on, checked directly rather than by a stopwatch on a shared machine.
    const checked = async (email: string, password: string) => {
      verify.mockClear();
      const response = answer(await signIn(t.a, email, password));
      return { ...response, hashes: verify.mock.calls.map(([hash]) => String(hash).split('$').slice(0, 4).join('$')) };
    };
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      const known = await checked(ADMIN, `${WRONG}-${attempt}`);
      const unknown = await checked(UNKNOWN, `${WRONG}-${attempt}`);
      expect({ attempt, ...unknown }).toEqual({ attempt, ...known });
      expect(known.status).toBe(attempt < 5 ? 401 : 429);
      // Up to the fifth failure, the one that locks, each is one argon2id check at the configured cost; during the lock, none.
      expect(known.hashes).toEqual(attempt <= 5 ? ['$argon2id$v=19$m=19456,t=2,p=1'] : []);
    }
    // During the lock, the right password changes nothing either.
    expect(await checked(UNKNOWN, TEST_PASSWORD)).toEqual(await checked(ADMIN, TEST_PASSWORD));
  });

  it('ends the lock after its time, without extending it for attempts made during it', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) await signIn(t.a, ADMIN, WRONG);
    await t.store.expireIn(signInLockKey(ADMIN), 10 * 60_000);
    expect((await signIn(t.b, ADMIN, TEST_PASSWORD)).json()).toEqual(locked(10));
    expect((await signIn(t.b, ADMIN, WRONG)).json()).toEqual(locked(10));
    await t.store.expireIn(signInLockKey(ADMIN), 30_000);
    expect((await signIn(t.a, ADMIN, TEST_PASSWORD)).json()).toEqual(locked(1));

    await t.store.expireIn(signInLockKey(ADMIN), 0);
    const after = await signIn(t.a, ADMIN, TEST_PASSWORD);
    expect(after.statusCode).toBe(200);
    // The count starts again from nothing: four more failures are still plain failures.
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await signIn(t.b, ADMIN, WRONG)).statusCode).toBe(401);
  });

  it('resets the count on a successful sign-in before the 5th failure', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await signIn(t.a, ADMIN, WRONG)).statusCode).toBe(401);
    expect((await signIn(t.b, ADMIN, TEST_PASSWORD)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await signIn(t.a, ADMIN, WRONG)).statusCode).toBe(401);
    expect((await signIn(t.a, ADMIN, WRONG)).statusCode).toBe(429);
  });

  it('lets no more than 5 guesses through when they arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => signIn(i % 2 ? t.a : t.b, ADMIN, `${WRONG}-${i}`)));
    const statuses = answers.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBe(4);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect((await signIn(t.a, ADMIN, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('follows LOGIN_MAX_ATTEMPTS and LOGIN_LOCK_MINUTES', async () => {
    const strict = await t.another({ loginMaxAttempts: 3, loginLockMinutes: 45 });
    for (let attempt = 1; attempt <= 2; attempt += 1) expect((await signIn(strict, ADMIN, WRONG)).statusCode).toBe(401);
    const third = await signIn(strict, ADMIN, WRONG);
    expect([third.statusCode, third.json()]).toEqual([429, locked(45)]);
  });
}

describe('sign-in lock, counters in the database', () => lockoutSuite('database'));
describeWithRedis('sign-in lock, counters in Redis', () => lockoutSuite('redis'));

describe('sign-in when Redis does not answer', () => {
  it('refuses with 503 and a clear message instead of signing in unguarded, and logs why', async () => {
    const t = await buildTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const response = await signIn(t.app, ADMIN, TEST_PASSWORD);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'error', message: SIGN_IN_UNAVAILABLE, code: 'service_unavailable' });
      expect(t.logs.lines.some((line) => line.msg === 'sign-in refused: the lock counters are unavailable')).toBe(true);
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe('sign-in defences configuration', () => {
  const base = {
    PAYDESK_MODE: 'demo',
    DATA_DIR: '/nonexistent',
    AUTH_SECRET: 'a'.repeat(32),
    CARD_ENVELOPE_KEY: 'ab'.repeat(32),
    FINGERPRINT_KEY: 'b'.repeat(32),
    CARD_STORAGE_KEY: 'cd'.repeat(32),
    WEBHOOK_SECRETS_KEY: 'ef'.repeat(32),
    TWO_FACTOR_KEY: '12'.repeat(32),
  };

  it('defaults to SEC-06 and SEC-07: 5 attempts, 30 minutes; 20 sign-ins and 60 payment calls a minute per address; no Redis, no proxy', () => {
    expect(loadConfig(base)).toMatchObject({
      loginMaxAttempts: 5,
      loginLockMinutes: 30,
      loginRateLimitPerMinute: 20,
      paymentRateLimitPerMinute: 60,
      redisUrl: undefined,
      redisKeyPrefix: 'paydesk:',
      trustProxy: undefined,
    });
  });

  it.each([
    ['LOGIN_MAX_ATTEMPTS', '0'],
    ['LOGIN_LOCK_MINUTES', 'soon'],
    ['LOGIN_RATE_LIMIT_PER_MINUTE', '-1'],
    ['PAYMENT_RATE_LIMIT_PER_MINUTE', '1.5'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['TRUST_PROXY', '2'],
    ['TRUST_PROXY', '10.0.0.0/33'],
  ])('refuses a bad %s (%s) with a message naming it', (name, value) => {
    expect(() => loadConfig({ ...base, [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('reads the proxies to trust as addresses and CIDR ranges', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, ::1, loopback' }).trustProxy).toBe(
      '10.0.0.0/8, 192.168.1.7, ::1, loopback',
    );
  });
});
