import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp, login, TEST_PASSWORD, type TestApp } from './helper';
import { SoftwareAuthenticator, type CeremonyOptions, type Lie } from './software-authenticator';
import { codeFor, enrol, passwordStep } from './two-factor-support';
import { addUser, me } from './users-fixtures';

/**
 * AUTH-17 to AUTH-21: passkeys registered from the user's own account, used as the second step
 * after the password and alone, with a software authenticator that signs real ES256 answers.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

// ephemeral-config.ts: PUBLIC_URL is https://paydesk.test, so that is the RP ID and the only origin.
const ORIGIN = 'https://paydesk.test';
const WRONG = 'Not-the-password-1';
const lockedBody = { status: 'error', code: 'rate_limited', message: 'Too many failed sign-in attempts. Try again in 30 minutes.' };
const notRegistered = { status: 'error', code: 'passkey_not_registered', message: 'This passkey is not registered' };

const post = (app: FastifyInstance, url: string, payload: object, token?: string) =>
  app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });

async function registrationOptions(app: FastifyInstance, token: string, password = TEST_PASSWORD): Promise<CeremonyOptions> {
  const response = await post(app, '/api/auth/passkeys/options', { password }, token);
  if (response.statusCode !== 200) throw new Error(`options: ${response.body}`);
  return response.json().data.options;
}

/** Adds a passkey of a new software authenticator to the session's user. */
async function addPasskey(app: FastifyInstance, token: string, name = 'Work laptop') {
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const options = await registrationOptions(app, token);
  const added = await post(app, '/api/auth/passkeys', { name, response: authenticator.register(options) }, token);
  if (added.statusCode !== 201) throw new Error(`register: ${added.body}`);
  return { authenticator, passkey: added.json().data as { id: number; name: string } };
}

const passwordlessOptions = async (app: FastifyInstance) => {
  const response = await post(app, '/api/auth/login/passkey/options', {});
  expect(response.statusCode).toBe(200);
  return response.json().data as { attempt: string; options: CeremonyOptions };
};

/** A whole passwordless sign-in with this authenticator (and what it is told to lie about). */
async function signInWithPasskey(app: FastifyInstance, authenticator: SoftwareAuthenticator, lie: Lie = {}) {
  const { attempt, options } = await passwordlessOptions(app);
  return post(app, '/api/auth/login/passkey', { attempt, response: authenticator.assert(options, lie) });
}

/** The second step with a passkey, after the password. */
async function secondStepWithPasskey(app: FastifyInstance, email: string, authenticator: SoftwareAuthenticator, lie: Lie = {}) {
  const { challenge } = await passwordStep(app, email);
  const options = await post(app, '/api/auth/login/two-factor/passkey/options', { challenge });
  expect(options.statusCode).toBe(200);
  return post(app, '/api/auth/login/two-factor/passkey', { challenge, response: authenticator.assert(options.json().data.options, lie) });
}

const auditOf = (userId: number, action: string) =>
  t.db.query<{
    actor_id: number | null;
    target_type: string;
    target_id: string;
    changes: Record<string, { to?: unknown; from?: unknown }>;
  }>(
    `select actor_id, target_type, target_id, changes from audit_log where action = $1 and (actor_id = $2 or target_id = $2::text) order by id`,
    [action, userId],
  );
const failuresOf = (email: string) =>
  t.db.query<{ reason: string }>(
    `select changes->'reason'->>'to' as reason from audit_log where action = 'auth.sign_in_failed' and changes->'email'->>'to' = $1 order by id`,
    [email],
  );

describe('registration (AUTH-17)', () => {
  it('takes the password again, asks for a discoverable, user-verified key of PUBLIC_URL, and lists it by name', async () => {
    const user = await addUser(t.db, 'viewer');
    const token = await login(t.app, user.email);
    const other = await login(t.app, user.email);

    const wrong = await post(t.app, '/api/auth/passkeys/options', { password: WRONG }, token);
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'Incorrect password']);
    expect(await failuresOf(user.email)).toEqual([{ reason: 'invalid_password' }]);

    const options = await registrationOptions(t.app, token);
    expect(options).toMatchObject({
      rp: { id: 'paydesk.test', name: 'Paydesk' },
      user: { name: user.email, displayName: user.name },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const added = await post(t.app, '/api/auth/passkeys', { name: ' Work laptop ', response: authenticator.register(options) }, token);
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toEqual({
      id: expect.any(Number),
      name: 'Work laptop',
      created_at: expect.any(String),
      last_used_at: null,
      transports: ['internal'],
    });

    const list = await t.app.inject({ url: '/api/auth/passkeys', headers: bearer(token) });
    expect(list.json().data).toEqual([added.json().data]);
    // Stored: the credential, its COSE public key, counter and transports, never anything secret.
    const [row] = await t.db.query<{ credential_id: string; counter: string; transports: string[]; key_bytes: number }>(
      'select credential_id, counter::text as counter, transports, length(public_key) as key_bytes from passkeys where user_id = $1',
      [user.id],
    );
    expect(row).toEqual({
      credential_id: authenticator.credentialId,
      counter: '0',
      transports: ['internal'],
      key_bytes: expect.any(Number),
    });
    expect(row!.key_bytes).toBeGreaterThan(60);

    // The first second factor ends the user's other sessions, as turning TOTP on does (AUTH-15).
    expect((await me(t.app, other)).statusCode).toBe(401);
    expect((await me(t.app, token)).statusCode).toBe(200);
    const [entry] = await auditOf(user.id, 'passkey.registered');
    expect(entry).toMatchObject({ actor_id: user.id, target_type: 'passkey', target_id: String(added.json().data.id) });
    expect(entry!.changes).toEqual({ name: { to: 'Work laptop' }, transports: { to: ['internal'] }, sessions_ended: { to: 1 } });

    // Several, each named; the same authenticator again is refused.
    await addPasskey(t.app, token, 'Security key');
    const again = await post(
      t.app,
      '/api/auth/passkeys',
      { name: 'Twice', response: authenticator.register(await registrationOptions(t.app, token)) },
      token,
    );
    expect(again.statusCode).toBe(409);
    expect(
      (await t.app.inject({ url: '/api/auth/passkeys', headers: bearer(token) })).json().data.map((p: { name: string }) => p.name),
    ).toEqual(['Work laptop', 'Security key']);
  });

  it('refuses an answer for another origin, without user verification, or to another challenge', async () => {
    const user = await addUser(t.db, 'admin');
    const token = await login(t.app, user.email);
    for (const lie of [{ origin: 'https://evil.test' }, { unverified: true }, { challenge: 'x'.repeat(43) }, { type: 'webauthn.get' }]) {
      const response = await post(
        t.app,
        '/api/auth/passkeys',
        { name: 'Bad', response: new SoftwareAuthenticator(ORIGIN).register(await registrationOptions(t.app, token), lie) },
        token,
      );
      expect([response.statusCode, response.json().code]).toEqual([400, 'passkey_invalid']);
    }
    expect(await t.db.query('select 1 from passkeys where user_id = $1', [user.id])).toEqual([]);
  });

  it("is single-use, and bound to the session that asked: another session's options do not take it", async () => {
    const user = await addUser(t.db, 'admin');
    const [first, second] = [await login(t.app, user.email), await login(t.app, user.email)];
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const answer = authenticator.register(await registrationOptions(t.app, first));

    // The other session has no registration waiting, then one of its own: neither takes the first session's answer.
    const elsewhere = await post(t.app, '/api/auth/passkeys', { name: 'Stolen', response: answer }, second);
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([400, 'passkey_challenge_expired']);
    await registrationOptions(t.app, second);
    const crossed = await post(t.app, '/api/auth/passkeys', { name: 'Stolen', response: answer }, second);
    expect([crossed.statusCode, crossed.json().code]).toEqual([400, 'passkey_invalid']);

    expect((await post(t.app, '/api/auth/passkeys', { name: 'Mine', response: answer }, first)).statusCode).toBe(201);
    const replay = await post(t.app, '/api/auth/passkeys', { name: 'Again', response: answer }, first);
    expect([replay.statusCode, replay.json().code]).toEqual([400, 'passkey_challenge_expired']);
  });

  it('expires after five minutes', async () => {
    const user = await addUser(t.db, 'viewer');
    const token = await login(t.app, user.email);
    const options = await registrationOptions(t.app, token);
    await t.db.query("update passkey_challenges set expires_at = now() - interval '1 second' where user_id = $1", [user.id]);
    const late = await post(
      t.app,
      '/api/auth/passkeys',
      { name: 'Late', response: new SoftwareAuthenticator(ORIGIN).register(options) },
      token,
    );
    expect([late.statusCode, late.json().code]).toEqual([400, 'passkey_challenge_expired']);
  });
});

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

    const [signedIn] = (await auditOf(user.id, 'auth.sign_in')).slice(-1);
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
    expect((await failuresOf(user.email)).map((f) => f.reason)).toEqual(['passkey_not_registered']);
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
    const [signedIn] = (await auditOf(user.id, 'auth.sign_in')).slice(-1);
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
    expect((await failuresOf(user.email)).map((f) => f.reason)).toEqual(['passkey_counter_regression', 'passkey_counter_regression']);
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

describe('renaming and removing (AUTH-17, AUTH-21)', () => {
  it('renames without the password, removes with it, and audits both; the removed passkey no longer signs in', async () => {
    const user = await addUser(t.db, 'admin');
    const token = await login(t.app, user.email);
    const { authenticator, passkey } = await addPasskey(t.app, token);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/auth/passkeys/${passkey.id}`,
      headers: bearer(token),
      payload: { name: 'Old laptop' },
    });
    expect([renamed.statusCode, renamed.json().data.name]).toEqual([200, 'Old laptop']);
    expect((await auditOf(user.id, 'passkey.renamed'))[0]!.changes).toEqual({ name: { from: 'Work laptop', to: 'Old laptop' } });

    const remove = (password: string, id = passkey.id, as = token) =>
      t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: bearer(as), payload: { password } });
    expect((await remove(WRONG)).json().message).toBe('Incorrect password');
    const stranger = await login(t.app, (await addUser(t.db, 'super_admin')).email);
    expect((await remove(TEST_PASSWORD, passkey.id, stranger)).statusCode).toBe(404);
    expect((await remove(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await auditOf(user.id, 'passkey.removed'))[0]!.changes).toEqual({ name: { from: 'Old laptop' } });
    expect((await t.app.inject({ url: '/api/auth/passkeys', headers: bearer(token) })).json().data).toEqual([]);

    const gone = await signInWithPasskey(t.app, authenticator);
    expect([gone.statusCode, gone.json()]).toEqual([401, notRegistered]);
    // No second factor left: the password alone signs in again.
    await login(t.app, user.email);
  });

  it("a super_admin's reset removes the user's passkeys too", async () => {
    const user = await addUser(t.db, 'viewer');
    const { authenticator } = await addPasskey(t.app, await login(t.app, user.email));
    const superAdmin = await login(t.app, 'superadmin@paydesk.test');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/backend/users/${user.id}/two-factor`, headers: bearer(superAdmin) })).statusCode,
    ).toBe(200);
    expect(await t.db.query('select 1 from passkeys where user_id = $1', [user.id])).toEqual([]);
    expect((await auditOf(user.id, 'two_factor.reset'))[0]!.changes).toEqual({ passkeys_removed: { to: 1 } });
    expect((await signInWithPasskey(t.app, authenticator)).statusCode).toBe(401);
  });
});

describe('REQUIRE_TWO_FACTOR=true (AUTH-21)', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await buildTestApp({ REQUIRE_TWO_FACTOR: 'true' }, { db: t.db });
  }, 60_000);
  afterAll(() => r?.app.close());

  it('a passkey is a second factor: its session opens the back office, and the last one cannot be removed', async () => {
    const user = await addUser(r.db, 'admin');
    // A passkey added before the setting: the user then counts as having a second factor.
    const { authenticator, passkey } = await addPasskey(t.app, await login(t.app, user.email));
    expect((await post(r.app, '/api/auth/login', { email: user.email, password: TEST_PASSWORD })).json().data).toMatchObject({
      next: 'code',
      factors: ['passkey'],
    });
    const done = await secondStepWithPasskey(r.app, user.email, authenticator);
    expect(done.statusCode).toBe(200);
    const token = done.json().data.token;
    expect((await r.app.inject({ url: '/api/backend/users', headers: bearer(token) })).statusCode).toBe(200);
    const passwordless = await signInWithPasskey(r.app, authenticator);
    expect(passwordless.statusCode).toBe(200);

    const remove = (id: number) =>
      r.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: bearer(token), payload: { password: TEST_PASSWORD } });
    const refused = await remove(passkey.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      status: 'error',
      code: 'last_second_factor',
      message:
        'This passkey is your last second factor, and this deployment requires one. Add another passkey or set up an authenticator app first.',
    });
    // With another passkey beside it, either can go, but not both.
    const second = await addPasskey(r.app, token, 'Spare key');
    expect((await remove(passkey.id)).statusCode).toBe(200);
    expect((await remove(second.passkey.id)).statusCode).toBe(409);
    expect((await me(r.app, token)).statusCode).toBe(200);
  });

  it('a TOTP user may remove every passkey', async () => {
    const user = await addUser(r.db, 'viewer');
    const { token } = await enrol(t.app, user.email);
    const { authenticator, passkey } = await addPasskey(t.app, token);
    const session = (await signInWithPasskey(r.app, authenticator)).json().data.token;
    const removed = await r.app.inject({
      method: 'DELETE',
      url: `/api/auth/passkeys/${passkey.id}`,
      headers: bearer(session),
      payload: { password: TEST_PASSWORD },
    });
    expect(removed.statusCode).toBe(200);
  });
});

describe('PUBLIC_URL naming an IP address', () => {
  it('makes passkeys unavailable with a clear answer: no browser takes an address as the RP ID', async () => {
    const ip = await buildTestApp({ PUBLIC_URL: 'http://127.0.0.1:8080' }, { db: t.db });
    try {
      const response = await post(ip.app, '/api/auth/login/passkey/options', {});
      expect([response.statusCode, response.json().code]).toEqual([409, 'passkey_unavailable']);
      expect(response.json().message).toBe('Passkeys are not available here: PUBLIC_URL must name a host, not an IP address.');
    } finally {
      await ip.app.close();
    }
  });
});
