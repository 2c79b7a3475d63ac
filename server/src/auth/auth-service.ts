import { randomUUID } from 'node:crypto';
import type { Permission, RoleKey } from '@paydesk/shared/roles';
import type { UserStatus } from '@paydesk/shared/schemas/user';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { asActor, recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { invalid, unauthorized, type DomainError } from '../errors/domain-error';
import type { SecretBox } from '../security/secret-box';
import {
  beginEnrolment,
  checkSecondFactor,
  confirmEnrolment,
  endChallenge,
  invalidCode,
  challengeExpired,
  issueChallenge,
  openChallenge,
  type Enrolment,
} from './two-factor-service';
import { findPasswordHash } from './two-factor-repository';
import { secondFactorsOf } from './passkey-repository';
import {
  checkAssertion,
  passkeyExpired,
  passkeyNotRegistered,
  passkeyOf,
  takeAssertionChallenge,
  usableRelyingParty,
} from './passkey-service';
import type { RelyingParty } from './webauthn';
import type { AttemptCounter } from '../security/attempt-counter';
import { verifyAgainstDummy, verifyPassword } from './password-hasher';
import { roleName, rolePermissions } from './built-in-roles';
import { createSession, findLiveSession, revokeSession, touchSession } from './sessions-repository';
import { AccountLockedError, signInLockout, type Attempt } from './sign-in-lockout';
import type { TokenService } from './token-service';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const ACCOUNT_DISABLED = 'This account is disabled. Please contact an administrator.';
export const INCORRECT_PASSWORD = 'Incorrect password';

/** Who is calling, attached to the request by the authorize pre-handler. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  name: string;
  email: string;
  role: RoleKey;
  /** The role's name as shown (PERM-09). */
  roleName: string;
  /** What the role holds at this request (PERM-02): every authorisation reads this, never the role's key. */
  permissions: ReadonlySet<Permission>;
}

/** A staff account as sign-in reads it. */
export interface Account {
  id: number;
  name: string;
  email: string;
  role: RoleKey;
  status: UserStatus;
}

/**
 * Where sign-in finds the staff accounts: the users folder's repository, handed in by the route
 * registry (routes.ts) because users builds on auth and auth may not import it.
 */
export interface Accounts {
  findByEmail(db: Db, email: string): Promise<(Account & { password_hash: string }) | undefined>;
  findById(db: Db, id: number): Promise<Account | undefined>;
}

export interface SignedIn {
  token: string;
  user: { id: number; name: string; role: RoleKey; email: string };
}

/** A correct password of a user with (or required to have) a second factor: no session yet (AUTH-12). */
export interface ChallengeIssued {
  challenge: string;
  /** `code`: a TOTP or recovery code; `enrol`: REQUIRE_TWO_FACTOR and no second factor yet (AUTH-14). */
  next: 'code' | 'enrol';
  expiresAt: Date;
  /** What the second step accepts (AUTH-18): a code (TOTP or recovery), a passkey; none while enrolling. */
  factors: ('code' | 'passkey')[];
}

/** How a session was opened, as its auth.sign_in entry records it (AUD-01). */
export type SignInMethod = 'password' | 'password_and_code' | 'password_and_passkey' | 'passkey';

type AuthConfig = Pick<Config, 'sessionIdleMinutes' | 'sessionMaxHours' | 'requireTwoFactor'>;
type SignInConfig = AuthConfig & Pick<Config, 'loginMaxAttempts' | 'loginLockMinutes'>;

/** What sign-in works with, built once by its routes. */
export interface SignInServices {
  db: Db;
  accounts: Accounts;
  tokens: TokenService;
  attempts: AttemptCounter;
  config: SignInConfig;
}

/** A second step: its challenge and code, who sends it, and a hook told the challenge's e-mail (for the refusal's log line). */
export interface SecondStep {
  challenge: string;
  code: string;
  who: AuditWho;
  seen?: (email: string) => void;
}

async function startSession(
  db: Db,
  tokens: TokenService,
  config: AuthConfig,
  user: SignedIn['user'],
  who: AuditWho,
  how: { method: SignInMethod; passkey?: string },
): Promise<SignedIn> {
  const session = await db.transaction(async (tx) => {
    const created = await createSession(tx, randomUUID(), user.id, config.sessionMaxHours);
    await recordAudit(tx, {
      action: 'auth.sign_in',
      who: asActor(who, { id: user.id, email: user.email }),
      target: { type: 'user', id: user.id },
      changes: values(how),
    });
    return created;
  });
  const token = await tokens.sign({ userId: user.id, sessionId: session.id }, session.expiresAt);
  return { token, user: { id: user.id, name: user.name, role: user.role, email: user.email } };
}

/**
 * The failures of one sign-in, each in the audit trail (AUD-04): a failure is itself the event, so
 * it is recorded although the sign-in is refused, and the one that locks the e-mail is a lockout.
 */
function failures(db: Db, who: AuditWho, email: string, config: SignInConfig) {
  const failed = (reason: string, userId?: number) =>
    recordAudit(db, {
      action: 'auth.sign_in_failed',
      who,
      target: userId === undefined ? undefined : { type: 'user', id: userId },
      changes: values({ email, reason }),
    });
  return {
    failed,
    /** Begins an attempt under the lock; a locked e-mail's attempt is a failure too. */
    begin: (attempts: AttemptCounter) =>
      signInLockout(attempts, config)
        .begin(email)
        .catch(async (error: unknown) => {
          if (error instanceof AccountLockedError) await failed('locked');
          throw error;
        }),
    /** The refusal to throw for a wrong password or code, recorded as a failure or the lockout. */
    async refuse(attempt: Attempt, refusal: DomainError, reason: string, userId?: number): Promise<Error> {
      const failure = attempt.failure(refusal);
      if (failure instanceof AccountLockedError) {
        await recordAudit(db, {
          action: 'auth.locked_out',
          who,
          target: userId === undefined ? undefined : { type: 'user', id: userId },
          changes: values({ email, failed_attempts: config.loginMaxAttempts, locked_minutes: config.loginLockMinutes }),
        });
      } else {
        await failed(reason, userId);
      }
      return failure;
    },
  };
}

/**
 * Checks the password, under the lock of repeated failures (sign-in-lockout.ts). An unknown
 * e-mail takes the same steps, the same time (a dummy hash) and gets the same answers as a
 * wrong password, the lock included. A user with a second factor (or without one while it is
 * required) gets a challenge instead of a session, and the failure count is left standing until
 * the second step succeeds: otherwise a correct password would wipe the wrong codes before it.
 */
export async function signIn(s: SignInServices, email: string, password: string, who: AuditWho): Promise<SignedIn | ChallengeIssued> {
  const audit = failures(s.db, who, email, s.config);
  const attempt = await audit.begin(s.attempts);
  const user = await s.accounts.findByEmail(s.db, email);
  const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
  if (!user || !valid) throw await audit.refuse(attempt, unauthorized(INVALID_CREDENTIALS), 'invalid_credentials', user?.id);
  // Only told after a correct password, so it does not reveal which e-mails exist.
  if (user.status !== 'active') {
    await attempt.succeeded();
    await audit.failed('account_disabled', user.id);
    throw unauthorized(ACCOUNT_DISABLED);
  }
  const { totp, passkeys } = await secondFactorsOf(s.db, user.id);
  const enrolled = totp || passkeys > 0;
  if (enrolled || s.config.requireTwoFactor) {
    const issued = await issueChallenge(s.db, user.id, enrolled ? 'verify' : 'enrol');
    const factors = [...(totp ? (['code'] as const) : []), ...(passkeys > 0 ? (['passkey'] as const) : [])];
    return { challenge: issued.token, next: enrolled ? 'code' : 'enrol', expiresAt: issued.expiresAt, factors };
  }
  await attempt.succeeded();
  return startSession(s.db, s.tokens, s.config, user, who, { method: 'password' });
}

/**
 * A second step's challenge, opened: each try counts as a sign-in of the challenge's e-mail (the
 * same counter, lock and messages as a wrong password).
 */
export async function openStep(s: SignInServices, step: Omit<SecondStep, 'code'>, purpose: 'verify' | 'enrol') {
  const pending = await openChallenge(s.db, step.challenge, purpose);
  step.seen?.(pending.email);
  const audit = failures(s.db, step.who, pending.email, s.config);
  return { pending, audit, attempt: await audit.begin(s.attempts) };
}

/** The user of a challenge that has just been proven; the session starts only if the challenge was still there. */
export async function finishSignIn(
  s: SignInServices,
  attempt: Attempt,
  step: Omit<SecondStep, 'code'>,
  userId: number,
  how: { method: SignInMethod; passkey?: string } = { method: 'password_and_code' },
): Promise<SignedIn> {
  if (!(await endChallenge(s.db, step.challenge))) throw challengeExpired();
  await attempt.succeeded();
  const user = await s.accounts.findById(s.db, userId);
  if (!user || user.status !== 'active') throw unauthorized(ACCOUNT_DISABLED);
  return startSession(s.db, s.tokens, s.config, user, step.who, how);
}

/** The second step (AUTH-12): a TOTP code (each time step once) or an unused recovery code. */
export async function completeSignIn(s: SignInServices, box: SecretBox, step: SecondStep): Promise<SignedIn> {
  const { pending, audit, attempt } = await openStep(s, step, 'verify');
  if (!(await checkSecondFactor(s.db, box, pending.user_id, step.code)))
    throw await audit.refuse(attempt, invalidCode('sign-in'), 'invalid_code', pending.user_id);
  return finishSignIn(s, attempt, step, pending.user_id);
}

/** A second step answered with a passkey instead of a code (AUTH-18). */
export interface PasskeyStep extends Omit<SecondStep, 'code'> {
  response: AuthenticationResponseJSON;
}

/**
 * The second step with a passkey (AUTH-18): an assertion of one of the challenge's user's passkeys,
 * answering the passkey challenge bound to this sign-in challenge. Each try is a sign-in attempt of
 * the e-mail, and a refused one a failure, as a wrong code is.
 */
export async function completeSignInWithPasskey(s: SignInServices, rp: RelyingParty, step: PasskeyStep): Promise<SignedIn> {
  usableRelyingParty(rp);
  const { pending, audit, attempt } = await openStep(s, step, 'verify');
  const taken = await takeAssertionChallenge(s.db, { purpose: 'second_factor', token: step.challenge });
  if (!taken || taken.user_id !== pending.user_id)
    throw await audit.refuse(attempt, passkeyExpired(), 'passkey_challenge_expired', pending.user_id);
  const row = await passkeyOf(s.db, step.response, pending.user_id);
  if (!row) throw await audit.refuse(attempt, passkeyNotRegistered(), 'passkey_not_registered', pending.user_id);
  const proof = await checkAssertion(s.db, rp, step.response, taken.challenge, row);
  if (!proof.ok) throw await audit.refuse(attempt, proof.error, proof.reason, pending.user_id);
  return finishSignIn(s, attempt, step, pending.user_id, { method: 'password_and_passkey', passkey: row.name });
}

/** A passwordless sign-in's answer: the attempt token its options came with, and the assertion. */
export interface PasskeySignIn {
  attempt: string;
  response: AuthenticationResponseJSON;
  who: AuditWho;
  /** Told the passkey's e-mail once it is known (for the refusal's log line). */
  seen?: (email: string) => void;
}

/**
 * A sign-in with a passkey alone (AUTH-19): discoverable and user-verified, so the key and the
 * PIN or biometric behind it are the two factors. The passkey names its user; from there each try
 * is an attempt of that user's e-mail under the lock, like a password (refused while locked,
 * counted, cleared by success). A passkey nobody registered names no e-mail to count: it is
 * refused and audited, and the per-address limit bounds it.
 */
export async function signInWithPasskey(s: SignInServices, rp: RelyingParty, answer: PasskeySignIn): Promise<SignedIn> {
  usableRelyingParty(rp);
  const taken = await takeAssertionChallenge(s.db, { purpose: 'passwordless', token: answer.attempt });
  const row = taken && (await passkeyOf(s.db, answer.response, null));
  const user = row && (await s.accounts.findById(s.db, row.user_id));
  if (!taken || !row || !user) {
    const reason = taken ? 'passkey_not_registered' : 'passkey_challenge_expired';
    await recordAudit(s.db, { action: 'auth.sign_in_failed', who: answer.who, changes: values({ reason }) });
    throw taken ? passkeyNotRegistered() : passkeyExpired();
  }
  answer.seen?.(user.email);
  const audit = failures(s.db, answer.who, user.email, s.config);
  const attempt = await audit.begin(s.attempts);
  const proof = await checkAssertion(s.db, rp, answer.response, taken.challenge, row);
  if (!proof.ok) throw await audit.refuse(attempt, proof.error, proof.reason, user.id);
  if (user.status !== 'active') {
    await attempt.succeeded();
    await audit.failed('account_disabled', user.id);
    throw unauthorized(ACCOUNT_DISABLED);
  }
  await attempt.succeeded();
  return startSession(s.db, s.tokens, s.config, user, answer.who, { method: 'passkey', passkey: row.name });
}

/** REQUIRE_TWO_FACTOR: the secret of a user who signs in without a second factor (AUTH-14). */
export async function beginRequiredEnrolment(db: Db, box: SecretBox, challenge: string): Promise<Enrolment> {
  const pending = await openChallenge(db, challenge, 'enrol');
  return beginEnrolment(db, box, { id: pending.user_id, email: pending.email });
}

/** Its first valid code confirms it, and only then does a session start, with the recovery codes shown once. */
export async function completeRequiredEnrolment(
  s: SignInServices,
  box: SecretBox,
  step: SecondStep,
): Promise<SignedIn & { recoveryCodes: string[] }> {
  const { pending, audit, attempt } = await openStep(s, step, 'enrol');
  const actor = asActor(step.who, { id: pending.user_id, email: pending.email });
  const recoveryCodes = await confirmEnrolment(s.db, box, pending.user_id, step.code, actor);
  if (!recoveryCodes) throw await audit.refuse(attempt, invalidCode('sign-in'), 'invalid_code', pending.user_id);
  return { ...(await finishSignIn(s, attempt, step, pending.user_id)), recoveryCodes };
}

/** What asking a signed-in user's password again works with. */
export type PasswordAgainServices = Pick<SignInServices, 'db' | 'attempts' | 'config'>;

/** A signed-in user's password, proven again; the attempt stays counted until `succeeded`. */
export interface PasswordProven {
  /** A wrong code after the right password: counted and recorded as a wrong code is at sign-in. */
  refuseCode(refusal: DomainError): Promise<Error>;
  /** The change it guards is proven: the e-mail's failure count is cleared. */
  succeeded(): Promise<void>;
}

/**
 * The signed-in caller's password again, before a change of their own second factor (AUTH-15),
 * so a stolen session alone cannot add or replace one. It is an attempt of the e-mail under
 * sign-in's lock (sign-in-lockout.ts), and a wrong password is a failed sign-in: counted, and
 * recorded as auth.sign_in_failed (reason invalid_password, the caller as actor) or, when it
 * locks the e-mail, auth.locked_out. It answers 400, not 401: a wrong password must not look
 * like an ended session to the page.
 */
export async function confirmPassword(
  s: PasswordAgainServices,
  auth: Pick<AuthContext, 'userId' | 'email'>,
  password: string,
  who: AuditWho,
): Promise<PasswordProven> {
  const audit = failures(s.db, who, auth.email, s.config);
  const attempt = await audit.begin(s.attempts);
  const hash = await findPasswordHash(s.db, auth.userId);
  const valid = hash ? await verifyPassword(hash, password) : await verifyAgainstDummy(password);
  if (!valid) throw await audit.refuse(attempt, invalid(INCORRECT_PASSWORD), 'invalid_password', auth.userId);
  return {
    refuseCode: (refusal) => audit.refuse(attempt, refusal, 'invalid_code', auth.userId),
    succeeded: () => attempt.succeeded(),
  };
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
  // AUTH-14: while a second factor is required, a session of a user without one (older than the setting, or after a reset) opens nothing.
  if (config.requireTwoFactor && !session.two_factor) return null;
  // At most one write a minute per session keeps the idle timeout without a write per request.
  if (session.stale) await touchSession(db, session.session_id);
  return {
    userId: session.user_id,
    sessionId: session.session_id,
    name: session.name,
    email: session.email,
    role: session.role,
    roleName: roleName(session.role, session.role_name),
    permissions: rolePermissions(session.role, session.role_permissions),
  };
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
