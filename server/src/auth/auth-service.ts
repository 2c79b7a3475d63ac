import { randomUUID } from 'node:crypto';
import type { Role } from '@paydesk/shared/roles';
import { asActor, recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { unauthorized } from '../http/http-error';
import { findUserByEmail } from '../users/users-repository';
import type { AttemptCounter } from '../security/attempt-counter';
import { verifyAgainstDummy, verifyPassword } from './password-hasher';
import { createSession, findLiveSession, revokeSession, touchSession } from './sessions-repository';
import { AccountLockedError, signInLockout } from './sign-in-lockout';
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
 * wrong password, the lock included. Every outcome is in the audit trail (AUD-04): a failure is
 * itself the event, so it is recorded although the sign-in is refused.
 */
export async function signIn(db: Db, tokens: TokenService, attempts: AttemptCounter, config: SignInConfig, email: string, password: string, who: AuditWho): Promise<SignedIn> {
  const failed = (reason: string, userId?: number) =>
    recordAudit(db, { action: 'auth.sign_in_failed', who, target: userId === undefined ? undefined : { type: 'user', id: userId }, changes: values({ email, reason }) });
  const attempt = await signInLockout(attempts, config).begin(email).catch(async (error: unknown) => {
    if (error instanceof AccountLockedError) await failed('locked');
    throw error;
  });
  const user = await findUserByEmail(db, email);
  const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
  if (!user || !valid) {
    const failure = attempt.failure(unauthorized(INVALID_CREDENTIALS));
    if (failure instanceof AccountLockedError) {
      await recordAudit(db, { action: 'auth.locked_out', who, target: user && { type: 'user', id: user.id }, changes: values({ email, failed_attempts: config.loginMaxAttempts, locked_minutes: config.loginLockMinutes }) });
    } else {
      await failed('invalid_credentials', user?.id);
    }
    throw failure;
  }
  await attempt.succeeded();
  // Only told after a correct password, so it does not reveal which e-mails exist.
  if (user.status !== 'active') {
    await failed('account_disabled', user.id);
    throw unauthorized(ACCOUNT_DISABLED);
  }
  const session = await db.transaction(async (tx) => {
    const created = await createSession(tx, randomUUID(), user.id, config.sessionMaxHours);
    await recordAudit(tx, { action: 'auth.sign_in', who: asActor(who, { id: user.id, email: user.email }), target: { type: 'user', id: user.id } });
    return created;
  });
  const token = await tokens.sign({ userId: user.id, sessionId: session.id }, session.expiresAt);
  return { token, user: { id: user.id, name: user.name, role: user.role, email: user.email } };
}

/** Ends the caller's session at once (AUTH-06), with its audit entry. */
export async function signOut(db: Db, auth: AuthContext, who: AuditWho): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, auth.sessionId);
    await recordAudit(tx, { action: 'auth.sign_out', who, target: { type: 'user', id: auth.userId } });
  });
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
