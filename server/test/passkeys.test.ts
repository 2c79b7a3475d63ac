import { bearer, buildTestApp, login, TEST_PASSWORD, type TestApp } from './helper';
import {
  addPasskey,
  auditOf,
  failuresOf,
  notRegistered,
  ORIGIN,
  post,
  registrationOptions,
  secondStepWithPasskey,
  signInWithPasskey,
  WRONG,
} from './passkey-fixtures';
import { SoftwareAuthenticator } from './software-authenticator';
import { enrol } from './two-factor-support';
import { addUser, me } from './users-fixtures';

/**
 * AUTH-17, AUTH-21: passkeys registered from the user's own account, renamed and removed, and
 * required as a second factor; the sign-in with them is passkey-sign-in.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('registration (AUTH-17)', () => {
  it('takes the password again, asks for a discoverable, user-verified key of PUBLIC_URL, and lists it by name', async () => {
    const user = await addUser(t.db, 'viewer');
    const token = await login(t.app, user.email);
    const other = await login(t.app, user.email);

    const wrong = await post(t.app, '/api/auth/passkeys/options', { password: WRONG }, token);
    expect([wrong.statusCode, wrong.json().message]).toEqual([400, 'Incorrect password']);
    expect(await failuresOf(t.db, user.email)).toEqual([{ reason: 'invalid_password' }]);

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
    const [entry] = await auditOf(t.db, user.id, 'passkey.registered');
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
    expect((await auditOf(t.db, user.id, 'passkey.renamed'))[0]!.changes).toEqual({ name: { from: 'Work laptop', to: 'Old laptop' } });

    const remove = (password: string, id = passkey.id, as = token) =>
      t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: bearer(as), payload: { password } });
    expect((await remove(WRONG)).json().message).toBe('Incorrect password');
    const stranger = await login(t.app, (await addUser(t.db, 'super_admin')).email);
    expect((await remove(TEST_PASSWORD, passkey.id, stranger)).statusCode).toBe(404);
    expect((await remove(TEST_PASSWORD)).statusCode).toBe(200);
    expect((await auditOf(t.db, user.id, 'passkey.removed'))[0]!.changes).toEqual({ name: { from: 'Old laptop' } });
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
    expect((await auditOf(t.db, user.id, 'two_factor.reset'))[0]!.changes).toEqual({ passkeys_removed: { to: 1 } });
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
