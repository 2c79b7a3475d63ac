import { randomUUID } from 'node:crypto';
import { createSession } from '../src/auth/sessions-repository';
import { bearer, buildTestApp, login, TEST_PASSWORD, type TestApp } from './helper';
import { codeFor, enrol, wrongCodeFor } from './two-factor-support';
import { addUser, me } from './users-fixtures';

/**
 * AUTH-15: a session alone does not change a second factor. Setting one up, confirming it and
 * renewing the recovery codes ask for the password again; a wrong one is a failed sign-in (same
 * counter, lock and audit entries), and turning it on ends the user's other sessions.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

const WRONG = 'Not-the-password-1';
const incorrect = { status: 'error', code: 'invalid_request', message: 'Incorrect password' };
const lockedBody = { status: 'error', code: 'rate_limited', message: 'Too many failed sign-in attempts. Try again in 30 minutes.' };

const post = (token: string, path: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/auth/two-factor${path}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const status = async (token: string) => (await t.app.inject({ url: '/api/auth/two-factor', headers: bearer(token) })).json().data;
const pending = async (userId: number) => (await t.db.query('select 1 from two_factor where user_id = $1', [userId])).length;

describe('the password again, for every change of a second factor', () => {
  it('set-up: no password, or a wrong one, gets no secret and starts nothing', async () => {
    const user = await addUser(t.db, 'viewer');
    const token = await login(t.app, user.email);
    const none = await post(token, '/setup');
    expect(none.statusCode).toBe(400);
    expect(none.body).not.toContain('secret');
    const wrong = await post(token, '/setup', { password: WRONG });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(incorrect);
    expect(await pending(user.id)).toBe(0);

    const right = await post(token, '/setup', { password: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('confirmation: the right code alone does not turn it on; with the password it does', async () => {
    const user = await addUser(t.db, 'admin');
    const token = await login(t.app, user.email);
    const { secret } = (await post(token, '/setup', { password: TEST_PASSWORD })).json().data;

    expect((await post(token, '/confirm', { code: codeFor(secret) })).statusCode).toBe(400);
    const wrong = await post(token, '/confirm', { code: codeFor(secret), password: WRONG });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, incorrect]);
    expect((await status(token)).enabled).toBe(false);

    const right = await post(token, '/confirm', { code: codeFor(secret), password: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.recovery_codes).toHaveLength(10);
    expect((await status(token)).enabled).toBe(true);
  });

  it('new recovery codes: a valid code without the right password changes nothing', async () => {
    const user = await addUser(t.db, 'viewer');
    const { secret, token, recoveryCodes } = await enrol(t.app, user.email);
    expect((await post(token, '/recovery-codes', { code: codeFor(secret, 1) })).statusCode).toBe(400);
    const wrong = await post(token, '/recovery-codes', { code: codeFor(secret, 1), password: WRONG });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, incorrect]);
    expect((await post(token, '/recovery-codes', { code: wrongCodeFor(secret), password: TEST_PASSWORD })).statusCode).toBe(400);
    // Both refusals are failed sign-ins in the audit trail: the password's, then the code's.
    const failed = await t.db.query<{ reason: string }>(
      `select changes->'reason'->>'to' as reason from audit_log where action = 'auth.sign_in_failed' and target_id = $1 order by id`,
      [String(user.id)],
    );
    expect(failed.map((row) => row.reason)).toEqual(['invalid_password', 'invalid_code']);

    // The code of the refused calls was not used up: the password was checked first.
    const fresh = await post(token, '/recovery-codes', { code: codeFor(secret, 1), password: TEST_PASSWORD });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.recovery_codes.filter((code: string) => recoveryCodes.includes(code))).toEqual([]);
  });
});

describe('turning a second factor on', () => {
  it("ends the user's other sessions, keeps the one it was turned on in, and leaves other users alone", async () => {
    const user = await addUser(t.db, 'admin');
    const [here, elsewhere, stolen] = [await login(t.app, user.email), await login(t.app, user.email), await login(t.app, user.email)];
    const bystander = await login(t.app, (await addUser(t.db, 'viewer')).email);

    const { secret } = (await post(here, '/setup', { password: TEST_PASSWORD })).json().data;
    // Set up, not yet confirmed: nothing ends.
    expect((await me(t.app, elsewhere)).statusCode).toBe(200);
    expect((await post(here, '/confirm', { code: codeFor(secret), password: TEST_PASSWORD })).statusCode).toBe(200);

    expect((await me(t.app, here)).statusCode).toBe(200);
    expect((await me(t.app, elsewhere)).statusCode).toBe(401);
    expect((await me(t.app, stolen)).statusCode).toBe(401);
    expect((await me(t.app, bystander)).statusCode).toBe(200);
  });
});

describe('a wrong password is a failed sign-in', () => {
  it('counts toward the lock of the e-mail, with the same 429, and each one is in the audit trail', async () => {
    const user = await addUser(t.db, 'viewer');
    const token = await login(t.app, user.email);
    for (let i = 0; i < 4; i += 1) expect((await post(token, '/setup', { password: WRONG })).json()).toEqual(incorrect);
    const fifth = await post(token, '/setup', { password: WRONG });
    expect([fifth.statusCode, fifth.json(), fifth.headers['retry-after']]).toEqual([429, lockedBody, '1800']);

    // Locked: the right password is refused here and at sign-in alike; the open session is not ended.
    expect((await post(token, '/setup', { password: TEST_PASSWORD })).statusCode).toBe(429);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect([signIn.statusCode, signIn.json()]).toEqual([429, lockedBody]);
    expect((await me(t.app, token)).statusCode).toBe(200);
    expect(await pending(user.id)).toBe(0);

    const entries = await t.db.query<{ action: string; actor_id: number | null; changes: Record<string, { to: unknown }> }>(
      `select action, actor_id, changes from audit_log where target_type = 'user' and target_id = $1
         and action in ('auth.sign_in_failed', 'auth.locked_out') order by id`,
      [String(user.id)],
    );
    expect(entries.map((entry) => [entry.action, entry.actor_id, entry.changes.reason?.to ?? null])).toEqual([
      ...Array(4).fill(['auth.sign_in_failed', user.id, 'invalid_password']),
      ['auth.locked_out', user.id, null],
    ]);
    // The log lines monitoring alerts on: each refusal, the lock's included.
    const refused = t.logs.lines.filter((line) => line.msg === 'sign-in refused' && line.email === user.email);
    expect(refused.map((line) => line.reason)).toEqual([...Array(4).fill('Incorrect password'), ...Array(3).fill(lockedBody.message)]);
  });

  it('a right password clears the failures before it, as at sign-in', async () => {
    const user = await addUser(t.db, 'viewer');
    const token = await login(t.app, user.email);
    for (let i = 0; i < 4; i += 1) expect((await post(token, '/setup', { password: WRONG })).statusCode).toBe(400);
    expect((await post(token, '/setup', { password: TEST_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await post(token, '/setup', { password: WRONG })).statusCode).toBe(400);
  });
});

describe('REQUIRE_TWO_FACTOR=true', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await buildTestApp({ REQUIRE_TWO_FACTOR: 'true' });
  }, 60_000);
  afterAll(() => r?.close());

  it('enrolment at sign-in ends the sessions from before, which a second factor would otherwise bring back', async () => {
    const user = await addUser(r.db, 'admin');
    const old = await createSession(r.db, randomUUID(), user.id, 1);
    const oldToken = await r.app.tokens.sign({ userId: user.id, sessionId: old.id }, old.expiresAt);
    const post = (url: string, payload: object) => r.app.inject({ method: 'POST', url, payload });
    const { challenge } = (await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).json().data;
    const { secret } = (await post('/api/auth/login/two-factor/setup', { challenge })).json().data;
    const done = await post('/api/auth/login/two-factor/confirm', { challenge, code: codeFor(secret) });
    expect(done.statusCode).toBe(200);
    expect((await me(r.app, done.json().data.token)).statusCode).toBe(200);
    expect((await me(r.app, oldToken)).statusCode).toBe(401);
  });
});
