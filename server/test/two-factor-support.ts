import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { bearer, login, TEST_PASSWORD } from './helper';

/**
 * The code an authenticator app shows for `secret`, `steps` time steps from now. Codes are
 * computed with the library the server checks them with; a sign-in after an enrolment uses the
 * next step (+1), because the step of the enrolment's own code is taken.
 */
export const codeFor = (secret: string, steps = 0): string =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** A code that is not the current one, nor one either side of it. */
export function wrongCodeFor(secret: string): string {
  const near = new Set([-1, 0, 1].map((steps) => codeFor(secret, steps)));
  for (let n = 0; ; n += 1) {
    const candidate = String(123_456 + n * 7919)
      .padStart(6, '0')
      .slice(-6);
    if (!near.has(candidate)) return candidate;
  }
}

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
  /** The session the user enrolled in. */
  token: string;
}

/** Signs the user in with the password and sets up two-factor sign-in through the API (the password again: AUTH-15). */
export async function enrol(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<Enrolled> {
  const token = await login(app, email, password);
  const setup = await app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: bearer(token), payload: { password } });
  if (setup.statusCode !== 200) throw new Error(`setup: ${setup.body}`);
  const { secret } = (setup.json() as { data: { secret: string } }).data;
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/confirm',
    headers: bearer(token),
    payload: { code: codeFor(secret), password },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm: ${confirm.body}`);
  return { secret, recoveryCodes: (confirm.json() as { data: { recovery_codes: string[] } }).data.recovery_codes, token };
}

/** The first step of sign-in for a user with a second factor: the challenge. */
export async function passwordStep(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
): Promise<{ challenge: string; next: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.body}`);
  const data = (response.json() as { data: { challenge?: string; next?: string } }).data;
  if (!data.challenge || !data.next) throw new Error(`login ${email} gave a session, not a challenge`);
  return { challenge: data.challenge, next: data.next };
}

export const secondStep = (app: FastifyInstance, challenge: string, code: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login/two-factor', payload: { challenge, code } });
