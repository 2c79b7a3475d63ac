import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp, login, type TestApp } from './helper';
import { SoftwareAuthenticator, type CeremonyOptions, type Lie } from './software-authenticator';
import { passwordStep } from './two-factor-support';
import { addUser } from './users-fixtures';

/**
 * AUTH-22: with REQUIRE_TWO_FACTOR, a user without a second factor enrols a passkey at sign-in
 * instead of TOTP. The registration is bound to the enrolment's challenge (there is no session
 * yet), used once, for five minutes, by that user only, from PUBLIC_URL's origin and RP only.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ REQUIRE_TWO_FACTOR: 'true' });
}, 60_000);
afterAll(() => t?.close());

// ephemeral-config.ts: PUBLIC_URL is https://paydesk.test, so that is the RP ID and the only origin.
const ORIGIN = 'https://paydesk.test';
const OPTIONS = '/api/auth/login/two-factor/setup/passkey/options';
const ENROL = '/api/auth/login/two-factor/setup/passkey';

const post = (app: FastifyInstance, url: string, payload: object) => app.inject({ method: 'POST', url, payload });

/** A new user's password step: the enrolment challenge. */
async function enrolmentChallenge(): Promise<{ email: string; id: number; challenge: string }> {
  const user = await addUser(t.db, 'viewer');
  const step = await passwordStep(t.app, user.email);
  expect(step.next).toBe('enrol');
  return { email: user.email, id: user.id, challenge: step.challenge };
}

async function optionsFor(challenge: string): Promise<CeremonyOptions> {
  const response = await post(t.app, OPTIONS, { challenge });
  if (response.statusCode !== 200) throw new Error(`options: ${response.body}`);
  return response.json().data.options;
}

const enrol = (challenge: string, response: object, name = 'Work laptop') => post(t.app, ENROL, { challenge, name, response });
const answer = (options: CeremonyOptions, lie: Lie = {}, authenticator = new SoftwareAuthenticator(ORIGIN)) =>
  authenticator.register(options, lie);
const refusal = (response: { statusCode: number; json: () => { code?: string } }) => [response.statusCode, response.json().code];

const failuresOf = (email: string) =>
  t.db.query<{ reason: string }>(
    `select changes->'reason'->>'to' as reason from audit_log where action = 'auth.sign_in_failed' and changes->'email'->>'to' = $1 order by id`,
    [email],
  );
const passkeysOf = (userId: number) => t.db.query<{ name: string }>('select name from passkeys where user_id = $1', [userId]);

it('the enrolment offers a passkey; its answer stores it, audits it, ends older sessions and signs in', async () => {
  const user = await addUser(t.db, 'admin');
  // A session from before the setting (on an app that does not require a second factor): it must not outlive the enrolment.
  const plain = await buildTestApp({}, { db: t.db });
  const older = await login(plain.app, user.email);
  const { challenge } = await passwordStep(t.app, user.email);

  const options = await optionsFor(challenge);
  expect(options).toMatchObject({
    rp: { id: 'paydesk.test', name: 'Paydesk' },
    user: { name: user.email, displayName: user.name },
    attestation: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const done = await enrol(challenge, answer(options, {}, authenticator));
  expect(done.statusCode).toBe(200);
  expect(done.json()).toEqual({
    status: 'success',
    message: 'Login successful',
    data: { token: expect.any(String), user: { id: user.id, name: user.name, role: 'admin', email: user.email } },
  });

  // The session opens the back office, which REQUIRE_TWO_FACTOR refuses to a user without a second factor.
  const token = done.json().data.token;
  const list = await t.app.inject({ url: '/api/auth/passkeys', headers: bearer(token) });
  expect([list.statusCode, list.json().data.map((p: { name: string }) => p.name)]).toEqual([200, ['Work laptop']]);
  expect((await t.app.inject({ url: '/api/backend/users', headers: bearer(token) })).statusCode).toBe(200);
  expect((await plain.app.inject({ url: '/api/auth/passkeys', headers: bearer(older) })).statusCode).toBe(401);
  await plain.app.close();

  const audit = await t.db.query<{ action: string; actor_id: number; changes: Record<string, { to: unknown }> }>(
    `select action, actor_id, changes from audit_log where action in ('passkey.registered', 'auth.sign_in') and actor_id = $1 order by id`,
    [user.id],
  );
  expect(audit.slice(-2)).toEqual([
    {
      action: 'passkey.registered',
      actor_id: user.id,
      changes: { name: { to: 'Work laptop' }, transports: { to: ['internal'] }, sessions_ended: { to: 1 } },
    },
    { action: 'auth.sign_in', actor_id: user.id, changes: { method: { to: 'password_and_passkey' }, passkey: { to: 'Work laptop' } } },
  ]);

  // The enrolment's challenge ended with its session; the passkey now signs in, as any passkey does.
  expect(refusal(await post(t.app, OPTIONS, { challenge }))).toEqual([401, 'two_factor_challenge_expired']);
  expect((await passwordStep(t.app, user.email)).next).toBe('code');
  const signIn = (await post(t.app, '/api/auth/login/passkey/options', {})).json().data;
  const alone = await post(t.app, '/api/auth/login/passkey', { attempt: signIn.attempt, response: authenticator.assert(signIn.options) });
  expect(alone.statusCode).toBe(200);
});

it('is single-use: a refused answer or a used one takes the options with it', async () => {
  const { challenge, email, id } = await enrolmentChallenge();
  const options = await optionsFor(challenge);
  const refused = await enrol(challenge, answer(options, { unverified: true }));
  expect(refusal(refused)).toEqual([401, 'passkey_invalid']);
  // The options were taken by the refused answer: a right answer to them now finds nothing.
  expect(refusal(await enrol(challenge, answer(options)))).toEqual([401, 'passkey_challenge_expired']);

  const next = await optionsFor(challenge);
  const right = answer(next);
  expect((await enrol(challenge, right)).statusCode).toBe(200);
  // The same answer again: the options and the sign-in challenge are both gone.
  expect(refusal(await enrol(challenge, right))).toEqual([401, 'two_factor_challenge_expired']);
  expect(await passkeysOf(id)).toEqual([{ name: 'Work laptop' }]);
  // Each refusal was a failed sign-in of the e-mail (SEC-06), under the same lock as a wrong code.
  expect((await failuresOf(email)).map((f) => f.reason)).toEqual(['passkey_invalid', 'passkey_challenge_expired']);
});

it('expires: options older than five minutes, or an enrolment challenge that has, are refused', async () => {
  const { challenge, id } = await enrolmentChallenge();
  const options = await optionsFor(challenge);
  await t.db.query("update passkey_challenges set expires_at = now() - interval '1 second' where user_id = $1", [id]);
  expect(refusal(await enrol(challenge, answer(options)))).toEqual([401, 'passkey_challenge_expired']);

  const fresh = await optionsFor(challenge);
  await t.db.query("update sign_in_challenges set expires_at = now() - interval '1 second' where user_id = $1", [id]);
  expect(refusal(await enrol(challenge, answer(fresh)))).toEqual([401, 'two_factor_challenge_expired']);
  expect(refusal(await post(t.app, OPTIONS, { challenge }))).toEqual([401, 'two_factor_challenge_expired']);
  expect(await passkeysOf(id)).toEqual([]);
});

it("cannot be used by another user: an answer made for one enrolment is refused at another's", async () => {
  const [victim, other] = [await enrolmentChallenge(), await enrolmentChallenge()];
  const stolen = answer(await optionsFor(victim.challenge));
  // The other enrolment has no options waiting, then options of its own: neither takes the victim's answer.
  expect(refusal(await enrol(other.challenge, stolen))).toEqual([401, 'passkey_challenge_expired']);
  await optionsFor(other.challenge);
  expect(refusal(await enrol(other.challenge, stolen))).toEqual([401, 'passkey_invalid']);
  expect(await passkeysOf(other.id)).toEqual([]);
  // The victim's own enrolment was not disturbed by it.
  expect((await enrol(victim.challenge, stolen)).statusCode).toBe(200);
  expect(await passkeysOf(victim.id)).toEqual([{ name: 'Work laptop' }]);
});

// Without user verification: the single-use test above. Three lies, as the password step and four failures lock the e-mail.
it('refuses an attestation for another origin, another RP ID or another ceremony', async () => {
  const { challenge, email, id } = await enrolmentChallenge();
  const lies: { lie?: Lie; rp?: string }[] = [
    { lie: { origin: 'https://paydesk.test.evil.example' } },
    { rp: 'evil.example' },
    { lie: { type: 'webauthn.get' } },
  ];
  for (const { lie, rp } of lies) {
    const options = await optionsFor(challenge);
    const response = answer(rp ? { ...options, rp: { id: rp } } : options, lie);
    expect(refusal(await enrol(challenge, response))).toEqual([401, 'passkey_invalid']);
  }
  expect(await passkeysOf(id)).toEqual([]);
  expect((await failuresOf(email)).map((f) => f.reason)).toEqual(Array(3).fill('passkey_invalid'));
});

it('adds nothing for a user who has a second factor already', async () => {
  const { challenge, id } = await enrolmentChallenge();
  const options = await optionsFor(challenge);
  // A passkey added meanwhile (as from Settings under an older session): the enrolment may not add another beside it.
  await t.db.query(
    `insert into passkeys (user_id, credential_id, public_key, user_handle, name) values ($1, 'xxxx', '\\x00', 'xxxx', 'Earlier')`,
    [id],
  );
  const refused = await enrol(challenge, answer(options));
  expect([refused.statusCode, refused.json().message]).toEqual([409, 'This account has a second factor already. Please sign in again.']);
  expect(refusal(await post(t.app, OPTIONS, { challenge }))).toEqual([409, 'conflict']);
  expect(await passkeysOf(id)).toEqual([{ name: 'Earlier' }]);
});
