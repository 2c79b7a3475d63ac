import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { recordAudit, removed, values, diff, type AuditWho } from '../audit/audit-log';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { conflict, invalid, notFound, unauthorized, type DomainError } from '../errors/domain-error';
import { hashSecret } from '../security/secret-hash';
import {
  deletePasskey,
  findPasskeyByCredential,
  findUserHandle,
  insertPasskey,
  insertPasskeyChallenge,
  listPasskeys,
  recordPasskeyUse,
  renamePasskey,
  secondFactorsOf,
  takePasskeyChallenge,
  type CeremonyPurpose,
  type PasskeyRow,
} from './passkey-repository';
import { revokeOtherSessions } from './sessions-repository';
import { CHALLENGE_MINUTES, openChallenge } from './two-factor-service';
import {
  authenticationOptions,
  registrationOptions,
  verifyAssertion,
  verifyRegistration,
  type RelyingParty,
  type VerifiedRegistration,
} from './webauthn';

/*
 * Passkeys of staff (AUTH-17 to AUTH-22): registered from Settings with the password again or at
 * a required first sign-in, used as the second step after the password or alone, and removed.
 * Every ceremony's challenge is stored server-side under what asked for it (a session, a sign-in
 * challenge, a passwordless attempt), lives CHALLENGE_MINUTES and is taken by the first answer,
 * right or wrong.
 */

export const PASSKEY_NOT_REGISTERED = 'This passkey is not registered';
export const PASSKEY_INVALID = 'The passkey could not be verified. Please try again.';
export const PASSKEY_EXPIRED = 'The passkey request has expired. Please try again.';
export const PASSKEY_UNAVAILABLE = 'Passkeys are not available here: PUBLIC_URL must name a host, not an IP address.';
export const PASSKEY_REGISTERED_ALREADY = 'This passkey is registered already';
export const PASSKEY_NOT_FOUND = 'Passkey not found';
export const NO_PASSKEY = 'This account has no passkey';
export const ALREADY_ENROLLED = 'This account has a second factor already. Please sign in again.';
export const LAST_SECOND_FACTOR =
  'This passkey is your last second factor, and this deployment requires one. Add another passkey or set up an authenticator app first.';

export const passkeyExpired = (): DomainError => unauthorized(PASSKEY_EXPIRED, 'passkey_challenge_expired');
export const passkeyNotRegistered = (): DomainError => unauthorized(PASSKEY_NOT_REGISTERED, 'passkey_not_registered');
export const passkeyInvalid = (): DomainError => unauthorized(PASSKEY_INVALID, 'passkey_invalid');

/** A passkey as its owner sees it (never its key or handle). */
export interface PasskeyView {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  transports: string[];
}

export const passkeyView = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
  transports: row.transports,
});

/** The relying party, or 409 where PUBLIC_URL names an IP address (no browser takes one as an RP ID). */
export function usableRelyingParty(rp: RelyingParty): RelyingParty {
  if (!rp.usable) throw conflict(PASSKEY_UNAVAILABLE, 'passkey_unavailable');
  return rp;
}

// What each ceremony's challenge is bound to: the session's id, or the hash of the token that asked.
const registrationBinding = (sessionId: string) => `session:${sessionId}`;
const secondStepBinding = (signInChallenge: string) => `sign-in:${hashSecret(signInChallenge)}`;
const passwordlessBinding = (attempt: string) => `attempt:${hashSecret(attempt)}`;
/** A required enrolment's registration (AUTH-22): there is no session yet, so its sign-in challenge is what asked. */
export const enrolmentBinding = (signInChallenge: string) => `enrol:${hashSecret(signInChallenge)}`;

export async function listOwnPasskeys(db: Db, userId: number): Promise<PasskeyView[]> {
  return (await listPasskeys(db, userId)).map(passkeyView);
}

/**
 * The options of a new passkey, stored under `binding`: only what asked for them (a session, or a
 * required enrolment's sign-in challenge) can finish the registration. The user handle is the one
 * the user's passkeys already have, or a new random one.
 */
export async function startRegistration(db: Db, rp: RelyingParty, user: { id: number; email: string; name: string }, binding: string) {
  usableRelyingParty(rp);
  const existing = await listPasskeys(db, user.id);
  const handle = (await findUserHandle(db, user.id)) ?? randomBytes(32).toString('base64url');
  const options = await registrationOptions(rp, { email: user.email, name: user.name, handle }, existing);
  await insertPasskeyChallenge(db, binding, 'register', user.id, options.challenge, CHALLENGE_MINUTES, handle);
  return options;
}

/** The options of a new passkey from Settings, bound to the caller's session. */
export const beginRegistration = (db: Db, rp: RelyingParty, user: { id: number; email: string; name: string }, sessionId: string) =>
  startRegistration(db, rp, user, registrationBinding(sessionId));

/** What a registration answer proved, or why it was refused (the audit trail's reason). */
export type RegistrationProof =
  { ok: true; credential: VerifiedRegistration; handle: string } | { ok: false; reason: 'passkey_challenge_expired' | 'passkey_invalid' };

/**
 * Takes the registration challenge stored under `binding` (single use, right or wrong) and checks
 * the answer against it: the user it was made for, the origin, the RP ID, user verification.
 */
export async function proveRegistration(
  db: Db,
  rp: RelyingParty,
  binding: string,
  userId: number,
  response: RegistrationResponseJSON,
): Promise<RegistrationProof> {
  usableRelyingParty(rp);
  const taken = await takePasskeyChallenge(db, binding, 'register');
  if (!taken || taken.user_id !== userId || !taken.user_handle) return { ok: false, reason: 'passkey_challenge_expired' };
  const credential = await verifyRegistration(rp, response, taken.challenge);
  if (!credential) return { ok: false, reason: 'passkey_invalid' };
  return { ok: true, credential, handle: taken.user_handle };
}

/**
 * Stores a proven passkey under the user row's lock, with its audit entry. The user's first second
 * factor ends their sessions but `keepSession` (AUTH-15); `firstOnly` refuses (409) a user who has
 * one already, which a required enrolment must not add to.
 */
export async function storePasskey(
  tx: Db,
  passkey: { userId: number; name: string; proof: Extract<RegistrationProof, { ok: true }> },
  session: { keep: string | null; firstOnly?: boolean },
  who: AuditWho,
): Promise<PasskeyView> {
  const { userId, proof } = passkey;
  await tx.query('select id from users where id = $1 for update', [userId]);
  const before = await secondFactorsOf(tx, userId);
  const first = !before.totp && before.passkeys === 0;
  if (session.firstOnly && !first) throw conflict(ALREADY_ENROLLED);
  const row = await insertPasskey(tx, { userId, ...proof.credential, userHandle: proof.handle, name: passkey.name });
  if (!row) throw conflict(PASSKEY_REGISTERED_ALREADY);
  const ended = first ? await revokeOtherSessions(tx, userId, session.keep) : 0;
  await recordAudit(tx, {
    action: 'passkey.registered',
    who,
    target: { type: 'passkey', id: row.id },
    changes: values({ name: row.name, transports: row.transports, sessions_ended: ended }),
  });
  return passkeyView(row);
}

/**
 * Stores a verified registration from Settings. It takes the session's challenge first, so a
 * response is tried once. The user's first second factor ends their other sessions, as turning
 * TOTP on does (AUTH-15).
 */
export async function finishRegistration(
  db: Db,
  rp: RelyingParty,
  caller: { userId: number; sessionId: string },
  name: string,
  response: RegistrationResponseJSON,
  who: AuditWho,
): Promise<PasskeyView> {
  const proof = await proveRegistration(db, rp, registrationBinding(caller.sessionId), caller.userId, response);
  if (!proof.ok) throw invalid(proof.reason === 'passkey_invalid' ? PASSKEY_INVALID : PASSKEY_EXPIRED, proof.reason);
  return db.transaction((tx) => storePasskey(tx, { userId: caller.userId, name, proof }, { keep: caller.sessionId }, who));
}

export async function renameOwnPasskey(db: Db, userId: number, id: number, name: string, who: AuditWho): Promise<PasskeyView> {
  return db.transaction(async (tx) => {
    const [before] = (await listPasskeys(tx, userId)).filter((p) => p.id === id);
    if (!before) throw notFound(PASSKEY_NOT_FOUND);
    const row = await renamePasskey(tx, userId, id, name);
    if (!row) throw notFound(PASSKEY_NOT_FOUND);
    await recordAudit(tx, { action: 'passkey.renamed', who, target: { type: 'passkey', id }, changes: diff(before, row, ['name']) });
    return passkeyView(row);
  });
}

/**
 * Removes one of the caller's passkeys. With REQUIRE_TWO_FACTOR the last second factor stays
 * (409): the user row is locked first, so two removals at once cannot take the last two.
 */
export async function removeOwnPasskey(
  db: Db,
  config: Pick<Config, 'requireTwoFactor'>,
  userId: number,
  id: number,
  who: AuditWho,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 for update', [userId]);
    const factors = await secondFactorsOf(tx, userId);
    const row = await deletePasskey(tx, userId, id);
    if (!row) throw notFound(PASSKEY_NOT_FOUND);
    if (config.requireTwoFactor && !factors.totp && factors.passkeys <= 1) throw conflict(LAST_SECOND_FACTOR, 'last_second_factor');
    await recordAudit(tx, { action: 'passkey.removed', who, target: { type: 'passkey', id }, changes: removed({ name: row.name }) });
  });
}

/** Whether removing passkey `id` would be refused for being the last factor: checked before the password is asked. */
export async function wouldRemoveLastFactor(db: Db, config: Pick<Config, 'requireTwoFactor'>, userId: number): Promise<boolean> {
  if (!config.requireTwoFactor) return false;
  const factors = await secondFactorsOf(db, userId);
  return !factors.totp && factors.passkeys <= 1;
}

/** The second step's options (AUTH-18): the challenge's user's passkeys, bound to that sign-in challenge. */
export async function beginSecondStep(db: Db, rp: RelyingParty, signInChallenge: string) {
  usableRelyingParty(rp);
  const pending = await openChallenge(db, signInChallenge, 'verify');
  const passkeys = await listPasskeys(db, pending.user_id);
  if (passkeys.length === 0) throw conflict(NO_PASSKEY);
  const options = await authenticationOptions(rp, passkeys);
  await insertPasskeyChallenge(
    db,
    secondStepBinding(signInChallenge),
    'second_factor',
    pending.user_id,
    options.challenge,
    CHALLENGE_MINUTES,
  );
  return options;
}

/** A passwordless sign-in's options (AUTH-19): any discoverable passkey, bound to a new attempt token. */
export async function beginPasswordless(db: Db, rp: RelyingParty) {
  usableRelyingParty(rp);
  const attempt = randomBytes(32).toString('base64url');
  const options = await authenticationOptions(rp);
  await insertPasskeyChallenge(db, passwordlessBinding(attempt), 'passwordless', null, options.challenge, CHALLENGE_MINUTES);
  return { attempt, options };
}

/** What an assertion proved, or why it was refused (the audit trail's reason). */
export type AssertionResult =
  | { ok: true; passkey: PasskeyRow }
  | { ok: false; error: DomainError; reason: 'passkey_not_registered' | 'passkey_invalid' | 'passkey_counter_regression' };

/** The ceremony an assertion answers: which stored challenge it must carry. */
export interface AssertionCeremony {
  purpose: Extract<CeremonyPurpose, 'second_factor' | 'passwordless'>;
  /** The sign-in challenge (second step) or the passwordless attempt token. */
  token: string;
}

/** Takes the ceremony's challenge (single use): undefined when there is none, it expired, or it was taken. */
export async function takeAssertionChallenge(db: Db, ceremony: AssertionCeremony) {
  const binding = ceremony.purpose === 'second_factor' ? secondStepBinding(ceremony.token) : passwordlessBinding(ceremony.token);
  return takePasskeyChallenge(db, binding, ceremony.purpose);
}

/** The stored passkey an assertion names, when it is one of `userId`'s (any user's when null). */
export async function passkeyOf(db: Db, response: AuthenticationResponseJSON, userId: number | null): Promise<PasskeyRow | undefined> {
  const row = await findPasskeyByCredential(db, response.id);
  if (!row || (userId !== null && row.user_id !== userId)) return undefined;
  return row;
}

/**
 * Checks an assertion of a known passkey against the taken challenge, then moves its counter
 * forward in one conditional update: a counter that did not grow (a clone), or a second use
 * racing this one, is refused.
 */
export async function checkAssertion(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  row: PasskeyRow,
): Promise<AssertionResult> {
  // The handle the authenticator keeps with a discoverable key must be the one it was registered with.
  if (response.response.userHandle !== undefined && response.response.userHandle !== row.user_handle)
    return { ok: false, error: passkeyNotRegistered(), reason: 'passkey_not_registered' };
  const verified = await verifyAssertion(rp, response, challenge, row);
  if (!verified.ok) return { ok: false, error: passkeyInvalid(), reason: verified.reason };
  if (!(await recordPasskeyUse(db, row.id, row.counter, verified.counter)))
    return { ok: false, error: passkeyInvalid(), reason: 'passkey_counter_regression' };
  return { ok: true, passkey: row };
}
