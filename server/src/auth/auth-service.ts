import { randomUUID } from 'node:crypto';
import type { Role } from '@paydesk/shared/roles';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { unauthorized } from '../http/http-error';
import { findUserByEmail } from '../users/users-repository';
import type { AttemptCounter } from '../security/attempt-counter';
import { verifyAgainstDummy, verifyPassword } from './password-hasher';
import { createSession, findLiveSession, touchSession } from './sessions-repository';
import { signInLockout } from './sign-in-lockout';
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

type AuthConfig = Pick<Config, 'sessionIdleMinutes' | 'sessionMaxHours'>;
type SignInConfig = AuthConfig & Pick<Config, 'loginMaxAttempts' | 'loginLockMinutes'>;

/**
 * Checks the password, under the lock of repeated failures (sign-in-lockout.ts). An unknown
 * e-mail takes the same steps, the same time (a dummy hash) and gets the same answers as a
 * wrong password, the lock included.
 */
export async function signIn(db: Db, tokens: TokenService, attempts: AttemptCounter, config: SignInConfig, email: string, password: string): Promise<SignedIn> {
  const attempt = await signInLockout(attempts, config).begin(email);
  const user = await findUserByEmail(db, email);
  const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
  if (!user || !valid) throw attempt.failure(unauthorized(INVALID_CREDENTIALS));
  await attempt.succeeded();
  // Only told after a correct password, so it does not reveal which e-mails exist.
  if (user.status !== 'active') throw unauthorized(ACCOUNT_DISABLED);
  const session = await createSession(db, randomUUID(), user.id, config.sessionMaxHours);
  const token = await tokens.sign({ userId: user.id, sessionId: session.id }, session.expiresAt);
  return { token, user: { id: user.id, name: user.name, role: user.role, email: user.email } };
}

/** The caller of a bearer token, or null when the token or its session is not (or no longer) valid. */
export async function authenticate(db: Db, tokens: TokenService, config: AuthConfig, token: string): Promise<AuthContext | null> {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const session = await findLiveSession(db, claims.sessionId, claims.userId, config.sessionIdleMinutes);
  if (!session) return null;
  // At most one write a minute per session keeps the idle timeout without a write per request.
  if (session.stale) await touchSession(db, session.session_id);
  return { userId: session.user_id, sessionId: session.session_id, name: session.name, email: session.email, role: session.role };
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
