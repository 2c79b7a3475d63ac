import { randomUUID } from 'node:crypto';
import type { Role } from '@paydesk/shared/roles';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { unauthorized } from '../http/http-error';
import { findUserByEmail, findUserById } from '../users/users-repository';
import type { SecretBox } from '../webhooks/secret-box';
import { beginEnrolment, checkSecondFactor, confirmEnrolment, endChallenge, invalidCode, challengeExpired, issueChallenge, openChallenge, type Enrolment } from '../two-factor/two-factor-service';
import { findTwoFactor } from '../two-factor/two-factor-repository';
import type { AttemptCounter } from '../security/attempt-counter';
import { verifyAgainstDummy, verifyPassword } from './password-hasher';
import { createSession, findLiveSession, touchSession } from './sessions-repository';
import { signInLockout, type Attempt } from './sign-in-lockout';
import type { TokenService } from './token-service';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const ACCOUNT_DISABLED = 'This account is disabled. Please contact an administrator.';

/** Who is calling, attached to the request by the authorize pre-handler. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  name: string;
  email: string;
  role: Role;
}

export interface SignedIn {
  token: string;
  user: { id: number; name: string; role: Role; email: string };
}

/** A correct password of a user with (or required to have) a second factor: no session yet (AUTH-12). */
export interface ChallengeIssued {
  challenge: string;
  /** `code`: a TOTP or recovery code; `enrol`: REQUIRE_TWO_FACTOR and no second factor yet (AUTH-14). */
  next: 'code' | 'enrol';
  expiresAt: Date;
}

type AuthConfig = Pick<Config, 'sessionIdleMinutes' | 'sessionMaxHours' | 'requireTwoFactor'>;
type SignInConfig = AuthConfig & Pick<Config, 'loginMaxAttempts' | 'loginLockMinutes'>;

async function startSession(db: Db, tokens: TokenService, config: AuthConfig, user: SignedIn['user']): Promise<SignedIn> {
  const session = await createSession(db, randomUUID(), user.id, config.sessionMaxHours);
  const token = await tokens.sign({ userId: user.id, sessionId: session.id }, session.expiresAt);
  return { token, user: { id: user.id, name: user.name, role: user.role, email: user.email } };
}

/**
 * Checks the password, under the lock of repeated failures (sign-in-lockout.ts). An unknown
 * e-mail takes the same steps, the same time (a dummy hash) and gets the same answers as a
 * wrong password, the lock included. A user with a second factor (or without one while it is
 * required) gets a challenge instead of a session, and the failure count is left standing until
 * the second step succeeds: otherwise a correct password would wipe the wrong codes before it.
 */
export async function signIn(db: Db, tokens: TokenService, attempts: AttemptCounter, config: SignInConfig, email: string, password: string): Promise<SignedIn | ChallengeIssued> {
  const attempt = await signInLockout(attempts, config).begin(email);
  const user = await findUserByEmail(db, email);
  const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
  if (!user || !valid) throw attempt.failure(unauthorized(INVALID_CREDENTIALS));
  // Only told after a correct password, so it does not reveal which e-mails exist.
  if (user.status !== 'active') {
    await attempt.succeeded();
    throw unauthorized(ACCOUNT_DISABLED);
  }
  const enrolled = Boolean((await findTwoFactor(db, user.id))?.confirmed_at);
  if (enrolled || config.requireTwoFactor) {
    const issued = await issueChallenge(db, user.id, enrolled ? 'verify' : 'enrol');
    return { challenge: issued.token, next: enrolled ? 'code' : 'enrol', expiresAt: issued.expiresAt };
  }
  await attempt.succeeded();
  return startSession(db, tokens, config, user);
}

/** The user of a challenge that has just been proven; the session starts only if the challenge was still there. */
async function finishSignIn(db: Db, tokens: TokenService, config: AuthConfig, attempt: Attempt, challenge: string, userId: number): Promise<SignedIn> {
  if (!(await endChallenge(db, challenge))) throw challengeExpired();
  await attempt.succeeded();
  const user = await findUserById(db, userId);
  if (!user || user.status !== 'active') throw unauthorized(ACCOUNT_DISABLED);
  return startSession(db, tokens, config, user);
}

/**
 * The second step (AUTH-12): a TOTP code (each time step once) or an unused recovery code. A wrong
 * code is a failed sign-in of the user's e-mail: the same counter, lock and messages as a wrong password.
 */
export async function completeSignIn(
  db: Db, tokens: TokenService, attempts: AttemptCounter, config: SignInConfig, box: SecretBox, challenge: string, code: string, seen?: (email: string) => void,
): Promise<SignedIn> {
  const pending = await openChallenge(db, challenge, 'verify');
  seen?.(pending.email);
  const attempt = await signInLockout(attempts, config).begin(pending.email);
  if (!(await checkSecondFactor(db, box, pending.user_id, code))) throw attempt.failure(invalidCode(401));
  return finishSignIn(db, tokens, config, attempt, challenge, pending.user_id);
}

/** REQUIRE_TWO_FACTOR: the secret of a user who signs in without a second factor (AUTH-14). */
export async function beginRequiredEnrolment(db: Db, box: SecretBox, challenge: string): Promise<Enrolment> {
  const pending = await openChallenge(db, challenge, 'enrol');
  return beginEnrolment(db, box, { id: pending.user_id, email: pending.email });
}

/** Its first valid code confirms it, and only then does a session start, with the recovery codes shown once. */
export async function completeRequiredEnrolment(
  db: Db, tokens: TokenService, attempts: AttemptCounter, config: SignInConfig, box: SecretBox, challenge: string, code: string, seen?: (email: string) => void,
): Promise<SignedIn & { recoveryCodes: string[] }> {
  const pending = await openChallenge(db, challenge, 'enrol');
  seen?.(pending.email);
  const attempt = await signInLockout(attempts, config).begin(pending.email);
  const recoveryCodes = await confirmEnrolment(db, box, pending.user_id, code);
  if (!recoveryCodes) throw attempt.failure(invalidCode(401));
  return { ...(await finishSignIn(db, tokens, config, attempt, challenge, pending.user_id)), recoveryCodes };
}

/** The caller of a bearer token, or null when the token or its session is not (or no longer) valid. */
export async function authenticate(db: Db, tokens: TokenService, config: AuthConfig, token: string): Promise<AuthContext | null> {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const session = await findLiveSession(db, claims.sessionId, claims.userId, config.sessionIdleMinutes);
  if (!session) return null;
  // AUTH-14: while a second factor is required, a session of a user without one (older than the setting, or after a reset) opens nothing.
  if (config.requireTwoFactor && !session.two_factor) return null;
  // At most one write a minute per session keeps the idle timeout without a write per request.
  if (session.stale) await touchSession(db, session.session_id);
  return { userId: session.user_id, sessionId: session.session_id, name: session.name, email: session.email, role: session.role };
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
