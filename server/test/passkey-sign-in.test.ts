import { bearer, buildTestApp, login, TEST_PASSWORD, type TestApp } from './helper';
import {
  addPasskey,
  auditOf,
  failuresOf,
  lockedBody,
  notRegistered,
  ORIGIN,
  passwordlessOptions,
  post,
  secondStepWithPasskey,
  signInWithPasskey,
  WRONG,
} from './passkey-fixtures';
import { SoftwareAuthenticator } from './software-authenticator';
import { codeFor, enrol, passwordStep } from './two-factor-support';
import { addUser, me } from './users-fixtures';

/**
 * AUTH-18, AUTH-19: a passkey as the second step after the password, and alone, with a software
 * authenticator that signs real ES256 answers (and lies when told to).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('the second step with a passkey (AUTH-18)', () => {
  it('the password gives a challenge offering the passkey; the assertion gives the session and is audited', async () => {
    const user = await addUser(t.db, 'admin');
    const { authenticator, passkey } = await addPasskey(t.app, await login(t.app, user.email));
    const first = await post(t.app, '/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(first.json().data).toEqual({
      challenge: expect.any(String),
      next: 'code',
      expires_at: expect.any(String),
      factors: ['passkey'],
    });

    const { challenge } = first.json().data;
    const options = (await post(t.app, '/api/auth/login/two-factor/passkey/options', { challenge })).json().data.options;
    expect(options).toMatchObject({
      rpId: 'paydesk.test',
      userVerification: 'required',
      allowCredentials: [{ id: authenticator.credentialId, type: 'public-key' }],
    });
    const done = await post(t.app, '/api/auth/login/two-factor/passkey', { challenge, response: authenticator.assert(options) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user.id).toBe(user.id);
    expect((await me(t.app, done.json().data.token)).statusCode).toBe(200);

    const [signedIn] = (await auditOf(t.db, user.id, 'auth.sign_in')).slice(-1);
    expect(signedIn!.changes).toEqual({ method: { to: 'password_and_passkey' }, passkey: { to: passkey.name } });
    const [row] = await t.db.query<{ counter: string; used: boolean }>(
      'select counter::text as counter, last_used_at is not null as used from passkeys where id = $1',
      [passkey.id],
    );
    expect(row).toEqual({ counter: '1', used: true });
    // The sign-in challenge ended with its session.
    expect((await post(t.app, '/api/auth/login/two-factor/passkey/options', { challenge })).json().code).toBe(
      'two_factor_challenge_expired',
    );
  });

  it('a TOTP user with a passkey is offered both, and either works, as does a recovery code, once', async () => {
    const user = await addUser(t.db, 'viewer');
    const { secret, token, recoveryCodes } = await enrol(t.app, user.email);
    const { authenticator } = await addPasskey(t.app, token);
    expect((await post(t.app, '/api/auth/login', { email: user.email, password: TEST_PASSWORD })).json().data.factors).toEqual([
      'code',
      'passkey',
    ]);
    expect((await secondStepWithPasskey(t.app, user.email, authenticator)).statusCode).toBe(200);
    const { challenge } = await passwordStep(t.app, user.email);
    expect((await post(t.app, '/api/auth/login/two-factor', { challenge, code: codeFor(secret, 1) })).statusCode).toBe(200);
    // The passkey added after them leaves the recovery codes as they were: each still signs in, once.
    for (const expected of [200, 401]) {
      const next = await passwordStep(t.app, user.email);
      expect((await post(t.app, '/api/auth/login/two-factor', { challenge: next.challenge, code: recoveryCodes[0] })).statusCode).toBe(
        expected,
      );
    }
  });

  it("another user's passkey is not registered for this sign-in, and counts as a failure", async () => {
    const [user, stranger] = [await addUser(t.db, 'viewer'), await addUser(t.db, 'viewer')];
    await addPasskey(t.app, await login(t.app, user.email));
    const { authenticator } = await addPasskey(t.app, await login(t.app, stranger.email));
    const refused = await secondStepWithPasskey(t.app, user.email, authenticator);
    expect([refused.statusCode, refused.json()]).toEqual([401, notRegistered]);
    expect((await failuresOf(t.db, user.email)).map((f) => f.reason)).toEqual(['passkey_not_registered']);
  });

  it("the passkey challenge is single-use and bound to its sign-in challenge: another sign-in's is refused", async () => {
    const user = await addUser(t.db, 'admin');
    const { authenticator } = await addPasskey(t.app, await login(t.app, user.email));
    const { challenge } = await passwordStep(t.app, user.email);
    const options = (await post(t.app, '/api/auth/login/two-factor/passkey/options', { challenge })).json().data.options;
    const answer = authenticator.assert(options);
    // Another sign-in of the same user (a new challenge replaces the old): the answer made for the first is refused.
    const next = await passwordStep(t.app, user.email);
    await post(t.app, '/api/auth/login/two-factor/passkey/options', { challenge: next.challenge });
    const crossed = await post(t.app, '/api/auth/login/two-factor/passkey', { challenge: next.challenge, response: answer });
    expect([crossed.statusCode, crossed.json().code]).toEqual([401, 'passkey_invalid']);
    // Taken by that refusal: the same sign-in cannot try again without new options.
    const reused = await post(t.app, '/api/auth/login/two-factor/passkey', {
      challenge: next.challenge,
      response: authenticator.assert(options),
    });
    expect([reused.statusCode, reused.json().code]).toEqual([401, 'passkey_challenge_expired']);
  });
});

describe('sign-in with a passkey alone (AUTH-19)', () => {
  it('signs in without an e-mail or password, updates last used, and audits the method', async () => {
    const user = await addUser(t.db, 'super_admin');
    const { authenticator, passkey } = await addPasskey(t.app, await login(t.app, user.email), 'Phone');
    const { attempt, options } = await passwordlessOptions(t.app);
    expect(attempt).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options).toMatchObject({ rpId: 'paydesk.test', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const done = await post(t.app, '/api/auth/login/passkey', { attempt, response: authenticator.assert(options) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user).toEqual({ id: user.id, name: user.name, role: 'super_admin', email: user.email });
    expect((await me(t.app, done.json().data.token)).statusCode).toBe(200);
    const [signedIn] = (await auditOf(t.db, user.id, 'auth.sign_in')).slice(-1);
    expect(signedIn!.changes).toEqual({ method: { to: 'passkey' }, passkey: { to: 'Phone' } });
    const list = (await t.app.inject({ url: '/api/auth/passkeys', headers: bearer(done.json().data.token) })).json().data;
    expect(list.find((p: { id: number }) => p.id === passkey.id).last_used_at).toEqual(expect.any(String));

    // The attempt is single-use: the same answer again is refused.
    const replay = await post(t.app, '/api/auth/login/passkey', { attempt, response: authenticator.assert(options) });
    expect([replay.statusCode, replay.json().code]).toEqual([401, 'passkey_challenge_expired']);
  });

  it('a passkey nobody registered (or one removed) is refused with its own message', async () => {
    const response = await signInWithPasskey(t.app, new SoftwareAuthenticator(ORIGIN));
    expect([response.statusCode, response.json()]).toEqual([401, notRegistered]);
  });

  it("an answer to another attempt's challenge is refused", async () => {
    const user = await addUser(t.db, 'viewer');
    const { authenticator } = await addPasskey(t.app, await login(t.app, user.email));
    const a = await passwordlessOptions(t.app);
    const b = await passwordlessOptions(t.app);
    const crossed = await post(t.app, '/api/auth/login/passkey', { attempt: b.attempt, response: authenticator.assert(a.options) });
    expect([crossed.statusCode, crossed.json().code]).toEqual([401, 'passkey_invalid']);
    expect(
      (await post(t.app, '/api/auth/login/passkey', { attempt: a.attempt, response: authenticator.assert(a.options) })).statusCode,
    ).toBe(200);
  });

  it('refuses a counter that did not move forward (a cloned authenticator), audited as such', async () => {
    const user = await addUser(t.db, 'admin');
    const { authenticator } = await addPasskey(t.app, await login(t.app, user.email));
    for (let i = 0; i < 3; i += 1) expect((await signInWithPasskey(t.app, authenticator)).statusCode).toBe(200);
    // The clone reports the counter it was copied at: 2, below the 3 now stored; the same 3 again is no better.
    for (const counter of [2, 3]) {
      const clone = await signInWithPasskey(t.app, authenticator, { counter });
      expect([clone.statusCode, clone.json().code]).toEqual([401, 'passkey_invalid']);
    }
    expect((await failuresOf(t.db, user.email)).map((f) => f.reason)).toEqual(['passkey_counter_regression', 'passkey_counter_regression']);
    expect((await signInWithPasskey(t.app, authenticator)).statusCode).toBe(200);
  });

  it('refuses an assertion without user verification, from another origin, or signed for another relying party', async () => {
    const user = await addUser(t.db, 'viewer');
    const { authenticator } = await addPasskey(t.app, await login(t.app, user.email));
    for (const lie of [{ unverified: true }, { origin: 'http://localhost:8080' }, { rpId: 'evil.test' }, { rpId: 'test' }]) {
      const response = await signInWithPasskey(t.app, authenticator, lie);
      expect([response.statusCode, response.json().code]).toEqual([401, 'passkey_invalid']);
    }
  });

  it('failures count toward the lock of the e-mail, as wrong passwords do, and the lock holds every way in', async () => {
    const user = await addUser(t.db, 'admin');
    const { authenticator } = await addPasskey(t.app, await login(t.app, user.email));
    // A wrong password, then passkeys that fail: the fifth failure in a row locks.
    expect((await post(t.app, '/api/auth/login', { email: user.email, password: WRONG })).statusCode).toBe(401);
    for (let i = 0; i < 3; i += 1) expect((await signInWithPasskey(t.app, authenticator, { unverified: true })).statusCode).toBe(401);
    const fifth = await signInWithPasskey(t.app, authenticator, { unverified: true });
    expect([fifth.statusCode, fifth.json()]).toEqual([429, lockedBody]);
    expect(fifth.headers['retry-after']).toBe('1800');
    // Locked: the right passkey, and the right password, are refused alike.
    const right = await signInWithPasskey(t.app, authenticator);
    expect([right.statusCode, right.json()]).toEqual([429, lockedBody]);
    expect((await post(t.app, '/api/auth/login', { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(429);
    expect(
      t.logs.lines.filter((line) => line.msg === 'sign-in refused' && line.email === user.email && line.step === 'passkey').length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('a right passkey clears the failures, as a right password does', async () => {
    const user = await addUser(t.db, 'viewer');
    const { authenticator } = await addPasskey(t.app, await login(t.app, user.email));
    for (let i = 0; i < 4; i += 1) expect((await signInWithPasskey(t.app, authenticator, { unverified: true })).statusCode).toBe(401);
    expect((await signInWithPasskey(t.app, authenticator)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await signInWithPasskey(t.app, authenticator, { unverified: true })).statusCode).toBe(401);
  });

  it('a disabled account is told so only after its passkey is proven', async () => {
    const user = await addUser(t.db, 'viewer');
    const { authenticator } = await addPasskey(t.app, await login(t.app, user.email));
    await t.db.query("update users set status = 'inactive' where id = $1", [user.id]);
    const response = await signInWithPasskey(t.app, authenticator);
    expect([response.statusCode, response.json().message]).toEqual([401, 'This account is disabled. Please contact an administrator.']);
  });
});
