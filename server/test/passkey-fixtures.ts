import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/db';
import { bearer, TEST_PASSWORD } from './helper';
import { SoftwareAuthenticator, type CeremonyOptions, type Lie } from './software-authenticator';
import { passwordStep } from './two-factor-support';

/** The passkey tests' calls, with a software authenticator that signs real ES256 answers. */
// ephemeral-config.ts: PUBLIC_URL is https://paydesk.test, so that is the RP ID and the only origin.
export const ORIGIN = 'https://paydesk.test';
export const WRONG = 'Not-the-password-1';
export const lockedBody = { status: 'error', code: 'rate_limited', message: 'Too many failed sign-in attempts. Try again in 30 minutes.' };
export const notRegistered = { status: 'error', code: 'passkey_not_registered', message: 'This passkey is not registered' };

export const post = (app: FastifyInstance, url: string, payload: object, token?: string) =>
  app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });

export async function registrationOptions(app: FastifyInstance, token: string, password = TEST_PASSWORD): Promise<CeremonyOptions> {
  const response = await post(app, '/api/auth/passkeys/options', { password }, token);
  if (response.statusCode !== 200) throw new Error(`options: ${response.body}`);
  return response.json().data.options;
}

/** Adds a passkey of a new software authenticator to the session's user. */
export async function addPasskey(app: FastifyInstance, token: string, name = 'Work laptop') {
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const options = await registrationOptions(app, token);
  const added = await post(app, '/api/auth/passkeys', { name, response: authenticator.register(options) }, token);
  if (added.statusCode !== 201) throw new Error(`register: ${added.body}`);
  return { authenticator, passkey: added.json().data as { id: number; name: string } };
}

export const passwordlessOptions = async (app: FastifyInstance) => {
  const response = await post(app, '/api/auth/login/passkey/options', {});
  expect(response.statusCode).toBe(200);
  return response.json().data as { attempt: string; options: CeremonyOptions };
};

/** A whole passwordless sign-in with this authenticator (and what it is told to lie about). */
export async function signInWithPasskey(app: FastifyInstance, authenticator: SoftwareAuthenticator, lie: Lie = {}) {
  const { attempt, options } = await passwordlessOptions(app);
  return post(app, '/api/auth/login/passkey', { attempt, response: authenticator.assert(options, lie) });
}

/** The second step with a passkey, after the password. */
export async function secondStepWithPasskey(app: FastifyInstance, email: string, authenticator: SoftwareAuthenticator, lie: Lie = {}) {
  const { challenge } = await passwordStep(app, email);
  const options = await post(app, '/api/auth/login/two-factor/passkey/options', { challenge });
  expect(options.statusCode).toBe(200);
  return post(app, '/api/auth/login/two-factor/passkey', { challenge, response: authenticator.assert(options.json().data.options, lie) });
}

/** A user's audit entries of one action, as actor or as target. */
export const auditOf = (db: Db, userId: number, action: string) =>
  db.query<{
    actor_id: number | null;
    target_type: string;
    target_id: string;
    changes: Record<string, { to?: unknown; from?: unknown }>;
  }>(
    `select actor_id, target_type, target_id, changes from audit_log where action = $1 and (actor_id = $2 or target_id = $2::text) order by id`,
    [action, userId],
  );
/** Why each failed sign-in of an e-mail failed, oldest first. */
export const failuresOf = (db: Db, email: string) =>
  db.query<{ reason: string }>(
    `select changes->'reason'->>'to' as reason from audit_log where action = 'auth.sign_in_failed' and changes->'email'->>'to' = $1 order by id`,
    [email],
  );
