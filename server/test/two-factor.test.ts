import { randomUUID } from 'node:crypto';
import { createSession } from '../src/auth/sessions-repository';
import { tableColumns } from './db-snapshot';
import { bearer, buildTestApp, login, TEST_PASSWORD, type TestApp } from './helper';
import { codeFor, enrol, passwordStep, secondStep, wrongCodeFor } from './two-factor-support';
import { addUser, me } from './users-fixtures';

/** AUTH-10 to AUTH-14: enrolment, the second step of sign-in, recovery codes, the reset, and the required mode. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

const lockedBody = { status: 'error', code: 'rate_limited', message: 'Too many failed sign-in attempts. Try again in 30 minutes.' };
const newUser = async (role: 'viewer' | 'admin' | 'super_admin' = 'viewer') => addUser(t.db, role);
const status = async (token: string) => (await t.app.inject({ url: '/api/auth/two-factor', headers: bearer(token) })).json().data;

describe("enrolment in the user's own area", () => {
  it('shows a QR code and the manual key, refuses a wrong first code, and is on after a right one with ten recovery codes', async () => {
    const user = await newUser();
    const token = await login(t.app, user.email);
    expect(await status(token)).toEqual({ enabled: false, recovery_codes_left: 0, required: false });

    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/setup',
      headers: bearer(token),
      payload: { password: TEST_PASSWORD },
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri, qr_code } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Paydesk:/);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qr_code.split(',')[1], 'base64').toString()).toContain('<svg');

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers: bearer(token),
      payload: { code: wrongCodeFor(secret), password: TEST_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: 'error', code: 'two_factor_code_invalid', message: 'Invalid verification code' });
    expect((await status(token)).enabled).toBe(false);
    // Not yet on: the password alone still signs in.
    await login(t.app, user.email);

    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers: bearer(token),
      payload: { code: codeFor(secret), password: TEST_PASSWORD },
    });
    expect(right.statusCode).toBe(200);
    const codes: string[] = right.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    expect(await status(token)).toEqual({ enabled: true, recovery_codes_left: 10, required: false });

    // Once on, it cannot be set up again over itself (only a reset removes it), and the secret is never shown again.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/setup',
      headers: bearer(token),
      payload: { password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);
  });

  it('a new set-up replaces a waiting secret: the old one no longer confirms', async () => {
    const user = await newUser();
    const token = await login(t.app, user.email);
    const first = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/setup',
        headers: bearer(token),
        payload: { password: TEST_PASSWORD },
      })
    ).json().data.secret;
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/setup',
        headers: bearer(token),
        payload: { password: TEST_PASSWORD },
      })
    ).json().data.secret;
    expect(second).not.toBe(first);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/confirm',
      headers: bearer(token),
      payload: { code: codeFor(first), password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(400);
  });

  it('recovery codes are regenerated for a valid code only, and the old ones stop working', async () => {
    const user = await newUser();
    const { secret, recoveryCodes, token } = await enrol(t.app, user.email);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/recovery-codes',
      headers: bearer(token),
      payload: { code: wrongCodeFor(secret), password: TEST_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/recovery-codes',
      headers: bearer(token),
      payload: { code: codeFor(secret, 1), password: TEST_PASSWORD },
    });
    expect(fresh.statusCode).toBe(200);
    const newCodes: string[] = fresh.json().data.recovery_codes;
    expect(newCodes).toHaveLength(10);
    expect(newCodes.filter((code) => recoveryCodes.includes(code))).toEqual([]);

    const { challenge } = await passwordStep(t.app, user.email);
    expect((await secondStep(t.app, challenge, recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await secondStep(t.app, challenge, newCodes[0]!)).statusCode).toBe(200);
  });
});

describe('sign-in with a second factor', () => {
  it('a correct password gives a challenge, not a session; the code gives the session', async () => {
    const user = await newUser();
    const { secret } = await enrol(t.app, user.email);
    const first = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } });
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      next: 'code',
      expires_at: expect.any(String),
      factors: ['code'],
    });
    expect(data.token).toBeUndefined();
    // The challenge is no token: it opens nothing.
    expect((await me(t.app, data.challenge)).statusCode).toBe(401);

    const second = await secondStep(t.app, data.challenge, codeFor(secret, 1));
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user).toEqual({ id: user.id, name: user.name, role: 'viewer', email: user.email });
    expect((await me(t.app, second.json().data.token)).statusCode).toBe(200);
    // A challenge ends with its session.
    expect((await secondStep(t.app, data.challenge, codeFor(secret, 1))).json().code).toBe('two_factor_challenge_expired');
  });

  it('a replayed code is refused: each time step is accepted once', async () => {
    const user = await newUser();
    const { secret } = await enrol(t.app, user.email);
    const code = codeFor(secret, 1);
    expect((await secondStep(t.app, (await passwordStep(t.app, user.email)).challenge, code)).statusCode).toBe(200);
    const replay = await secondStep(t.app, (await passwordStep(t.app, user.email)).challenge, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ status: 'error', code: 'two_factor_code_invalid', message: 'Invalid verification code' });
    // The enrolment's own code (an earlier step) is refused too.
    expect((await secondStep(t.app, (await passwordStep(t.app, user.email)).challenge, codeFor(secret, 0))).statusCode).toBe(401);
  });

  it('two sign-ins at once with the same code: one session', async () => {
    const user = await newUser();
    const { secret } = await enrol(t.app, user.email);
    const code = codeFor(secret, 1);
    const { challenge } = await passwordStep(t.app, user.email);
    const answers = await Promise.all([secondStep(t.app, challenge, code), secondStep(t.app, challenge, code)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('a recovery code signs in once', async () => {
    const user = await newUser();
    const { token, recoveryCodes } = await enrol(t.app, user.email);
    const [first] = recoveryCodes;
    // Typed in upper case with spaces: still the code.
    const typed = ` ${first!.toUpperCase().replace(/-/g, ' ')} `;
    expect((await secondStep(t.app, (await passwordStep(t.app, user.email)).challenge, typed)).statusCode).toBe(200);
    const again = await secondStep(t.app, (await passwordStep(t.app, user.email)).challenge, first!);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('two_factor_code_invalid');
    expect((await status(token)).recovery_codes_left).toBe(9);
  });

  it('two concurrent uses of one recovery code give one session', async () => {
    const user = await newUser();
    const { recoveryCodes } = await enrol(t.app, user.email);
    const { challenge } = await passwordStep(t.app, user.email);
    const [a, b] = await Promise.all([secondStep(t.app, challenge, recoveryCodes[1]!), secondStep(t.app, challenge, recoveryCodes[1]!)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const [used] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from two_factor_recovery_codes where user_id = $1 and used_at is not null',
      [user.id],
    );
    expect(used!.n).toBe(1);
  });

  it('one recovery code used by two callers at once through the repository: one success', async () => {
    const user = await newUser();
    const { recoveryCodes } = await enrol(t.app, user.email);
    const { useRecoveryCode } = await import('../src/auth/two-factor-repository');
    const { hashRecoveryCode } = await import('../src/auth/totp');
    const results = await Promise.all(Array.from({ length: 4 }, () => useRecoveryCode(t.db, user.id, hashRecoveryCode(recoveryCodes[3]!))));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('wrong codes count toward the sign-in lock: same counter, same message, and a correct password does not wipe them', async () => {
    const user = await newUser();
    const { secret } = await enrol(t.app, user.email);
    // A wrong password, then the right one: two attempts counted, the right password clears nothing.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'Not-the-password-1' } }))
        .statusCode,
    ).toBe(401);
    const { challenge } = await passwordStep(t.app, user.email);
    const wrong = wrongCodeFor(secret);
    for (let i = 0; i < 2; i += 1) {
      const answer = await secondStep(t.app, challenge, wrong);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe('Invalid verification code');
    }
    // Each is a security event in the log, under the user's e-mail (what monitoring alerts on).
    expect(
      t.logs.lines.filter((line) => line.msg === 'sign-in refused' && line.email === user.email && line.step === 'second factor'),
    ).toHaveLength(2);
    // The fifth failure in a row locks the address, as a fifth wrong password would.
    const fifth = await secondStep(t.app, challenge, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual(lockedBody);
    expect(fifth.headers['retry-after']).toBe('1800');
    // Locked: the right code and the right password are refused alike.
    expect((await secondStep(t.app, challenge, codeFor(secret, 1))).statusCode).toBe(429);
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(password.statusCode).toBe(429);
    expect(password.json()).toEqual(lockedBody);
  });

  it('a right code clears the failures, as a right password does for a user without a second factor', async () => {
    const user = await newUser();
    const { secret } = await enrol(t.app, user.email);
    const { challenge } = await passwordStep(t.app, user.email);
    for (let i = 0; i < 3; i += 1) expect((await secondStep(t.app, challenge, wrongCodeFor(secret))).statusCode).toBe(401);
    expect((await secondStep(t.app, challenge, codeFor(secret, 1))).statusCode).toBe(200);
    const next = await passwordStep(t.app, user.email);
    for (let i = 0; i < 3; i += 1) expect((await secondStep(t.app, next.challenge, wrongCodeFor(secret))).statusCode).toBe(401);
  });

  it('an expired challenge is refused, even with the right code', async () => {
    const user = await newUser();
    const { secret } = await enrol(t.app, user.email);
    const { challenge } = await passwordStep(t.app, user.email);
    // Five minutes pass.
    await t.db.query("update sign_in_challenges set expires_at = now() - interval '1 second' where user_id = $1", [user.id]);
    const late = await secondStep(t.app, challenge, codeFor(secret, 1));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({
      status: 'error',
      code: 'two_factor_challenge_expired',
      message: 'Your sign-in has expired. Please sign in again.',
    });
  });

  it('an unknown challenge is refused like an expired one', async () => {
    const response = await secondStep(t.app, 'A'.repeat(43), '123456');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('two_factor_challenge_expired');
  });

  it('demo accounts without a second factor keep signing in with the password alone', async () => {
    for (const email of ['superadmin@paydesk.test', 'admin@paydesk.test', 'viewer@paydesk.test']) {
      expect((await me(t.app, await login(t.app, email))).statusCode).toBe(200);
    }
  });
});

describe('reset by a super_admin', () => {
  it("removes the second factor and ends the user's sessions; the user then signs in with the password", async () => {
    const user = await newUser('admin');
    const { token } = await enrol(t.app, user.email);
    const superAdmin = await login(t.app, 'superadmin@paydesk.test');
    const listed = (await t.app.inject({ url: '/api/backend/users', headers: bearer(superAdmin) }))
      .json()
      .data.find((u: { id: number }) => u.id === user.id);
    expect(listed.two_factor).toBe(true);

    const reset = await t.app.inject({ method: 'DELETE', url: `/api/backend/users/${user.id}/two-factor`, headers: bearer(superAdmin) });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: 'success', message: 'Two-factor sign-in reset' });
    expect((await me(t.app, token)).statusCode).toBe(401);
    const rows = await t.db.query(
      'select 1 from two_factor where user_id = $1 union all select 1 from two_factor_recovery_codes where user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([]);
    expect((await me(t.app, await login(t.app, user.email))).statusCode).toBe(200);
    const after = (await t.app.inject({ url: '/api/backend/users', headers: bearer(superAdmin) }))
      .json()
      .data.find((u: { id: number }) => u.id === user.id);
    expect(after.two_factor).toBe(false);
  });

  it.each(['admin', 'viewer'] as const)('%s is refused, and nothing changes', async (role) => {
    const user = await newUser();
    const { token } = await enrol(t.app, user.email);
    const caller = await login(t.app, `${role}@paydesk.test`);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/backend/users/${user.id}/two-factor`, headers: bearer(caller) });
    expect(response.statusCode).toBe(403);
    expect((await status(token)).enabled).toBe(true);
    expect((await me(t.app, token)).statusCode).toBe(200);
  });

  it('an unknown user is a 404', async () => {
    const superAdmin = await login(t.app, 'superadmin@paydesk.test');
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/backend/users/2000000000/two-factor', headers: bearer(superAdmin) })).statusCode,
    ).toBe(404);
  });
});

describe('the secret stays sealed', () => {
  it('no answer after enrolment and no stored row or log line holds the secret or a recovery code in clear', async () => {
    const user = await newUser('super_admin');
    const { secret, recoveryCodes, token } = await enrol(t.app, user.email);
    const session = (await secondStep(t.app, (await passwordStep(t.app, user.email)).challenge, codeFor(secret, 1))).json().data.token;
    const answers = [
      await t.app.inject({ url: '/api/auth/two-factor', headers: bearer(token) }),
      await t.app.inject({ url: '/api/auth/me', headers: bearer(session) }),
      await t.app.inject({ url: '/api/backend/users', headers: bearer(session) }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/setup',
        headers: bearer(session),
        payload: { password: TEST_PASSWORD },
      }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: TEST_PASSWORD } }),
    ].map((response) => response.body);
    const secrets = [secret, secret.toLowerCase(), ...recoveryCodes, ...recoveryCodes.map((code) => code.replace(/-/g, ''))];
    const leaks = (where: string, text: string) => secrets.filter((s) => text.includes(s)).map((s) => `${where}: ${s}`);

    const found = answers.flatMap((body, i) => leaks(`answer ${i}`, body));
    for (const [table, columns] of await tableColumns(t.db)) {
      const rows = await t.db.query<{ row: string }>(
        `select concat_ws(' | ', ${columns.map((c) => `"${c}"::text`).join(', ')}) as row from "${table}"`,
      );
      for (const { row } of rows) found.push(...leaks(table, row));
    }
    for (const line of t.logs.written) found.push(...leaks('log', line));
    expect(found).toEqual([]);
    // The sealed secret is there, and opens only as this user.
    const [row] = await t.db.query<{ secret_sealed: string }>('select secret_sealed from two_factor where user_id = $1', [user.id]);
    expect(row!.secret_sealed).toMatch(/^v1\./);
    const { twoFactorBox } = await import('../src/auth/two-factor-service');
    expect(twoFactorBox(t.config).open(row!.secret_sealed, `two-factor:user:${user.id}`)).toBe(secret);
    expect(() => twoFactorBox(t.config).open(row!.secret_sealed, `two-factor:user:${user.id + 1}`)).toThrow();
  });
});

describe('REQUIRE_TWO_FACTOR=true', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await buildTestApp({ REQUIRE_TWO_FACTOR: 'true' });
  }, 60_000);
  afterAll(() => r?.close());

  const post = (url: string, payload: object) => r.app.inject({ method: 'POST', url, payload });

  it('a user without a second factor is led through enrolment before any session', async () => {
    const user = await addUser(r.db, 'admin');
    const first = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ challenge: expect.any(String), next: 'enrol', expires_at: expect.any(String), factors: [] });
    const { challenge } = first.json().data;
    // No session yet: the challenge opens no back-office call, and cannot be used as a code step.
    expect((await r.app.inject({ url: '/api/backend/users', headers: bearer(challenge) })).statusCode).toBe(401);
    expect((await post('/api/auth/login/two-factor', { challenge, code: '123456' })).json().code).toBe('two_factor_challenge_expired');

    const setup = await post('/api/auth/login/two-factor/setup', { challenge });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    const wrong = await post('/api/auth/login/two-factor/confirm', { challenge, code: wrongCodeFor(secret) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('two_factor_code_invalid');

    const done = await post('/api/auth/login/two-factor/confirm', { challenge, code: codeFor(secret) });
    expect(done.statusCode).toBe(200);
    const { token, user: signedIn, recovery_codes } = done.json().data;
    expect(signedIn.id).toBe(user.id);
    expect(recovery_codes).toHaveLength(10);
    expect((await r.app.inject({ url: '/api/backend/users', headers: bearer(token) })).statusCode).toBe(200);
    expect((await r.app.inject({ url: '/api/auth/two-factor', headers: bearer(token) })).json().data).toEqual({
      enabled: true,
      recovery_codes_left: 10,
      required: true,
    });

    // Next time: the code step, as for anyone enrolled.
    const again = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(again.json().data.next).toBe('code');
    expect(
      (await post('/api/auth/login/two-factor', { challenge: again.json().data.challenge, code: codeFor(secret, 1) })).statusCode,
    ).toBe(200);
  });

  it('the demo accounts too get no session from the password alone', async () => {
    const response = await post('/api/auth/login', { email: 'viewer@paydesk.test', password: TEST_PASSWORD });
    expect(response.json().data.next).toBe('enrol');
    expect(response.json().data.token).toBeUndefined();
  });

  it('a session of a user without a second factor (from before the setting) opens no back-office call', async () => {
    const user = await addUser(r.db, 'super_admin');
    const session = await createSession(r.db, randomUUID(), user.id, 1);
    const token = await r.app.tokens.sign({ userId: user.id, sessionId: session.id }, session.expiresAt);
    expect((await r.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    expect((await r.app.inject({ url: '/api/backend/users', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('an enrolment challenge cannot be confirmed before its set-up', async () => {
    const user = await addUser(r.db, 'viewer');
    const { challenge } = (await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).json().data;
    expect((await post('/api/auth/login/two-factor/confirm', { challenge, code: '123456' })).statusCode).toBe(409);
  });
});
