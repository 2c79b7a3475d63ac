import { randomBytes } from 'node:crypto';
import { recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Config } from '../config';
import type { Db } from '../db/db';
import type { Permission } from '@paydesk/shared/roles';
import { conflict, forbidden, invalid, notFound, unauthorized, type DomainError } from '../errors/domain-error';
import { roleName, rolePermissions } from './built-in-roles';
import { holdsAll } from './permission-catalogue';
import { revokeOtherSessions, revokeUserSessions } from './sessions-repository';
import { secretBox, type SecretBox } from '../security/secret-box';
import { hashSecret } from '../security/secret-hash';
import { hashRecoveryCode, looksLikeTotpCode, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeDataUrl } from './totp';
import {
  consumeChallenge,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findChallenge,
  findTwoFactor,
  insertChallenge,
  replaceRecoveryCodes,
  takeStep,
  upsertPendingSecret,
  useRecoveryCode,
  type ChallengeRow,
} from './two-factor-repository';

/*
 * Two-factor sign-in (AUTH-10 to AUTH-14). Each exported function is one event a later audit
 * trail records: an enrolment begun or confirmed, recovery codes regenerated, a second factor
 * checked, a reset by a super_admin.
 */

/** How long the step between a correct password and a session lasts. */
export const CHALLENGE_MINUTES = 5;

export const INVALID_CODE = 'Invalid verification code';
export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please sign in again.';
export const ALREADY_ON = 'Two-factor sign-in is already on for this account';
export const NOT_STARTED = 'Start the two-factor set-up first';
export const NOT_ON = 'Two-factor sign-in is not on for this account';

/** A wrong code: a failed sign-in at the login step, invalid input from a signed-in user's own account. */
export const invalidCode = (step: 'sign-in' | 'account'): DomainError =>
  step === 'sign-in' ? unauthorized(INVALID_CODE, 'two_factor_code_invalid') : invalid(INVALID_CODE, 'two_factor_code_invalid');
export const challengeExpired = (): DomainError => unauthorized(CHALLENGE_EXPIRED, 'two_factor_challenge_expired');

/** The TOTP secrets' box: the webhook secrets' AES-256-GCM with its own key (TWO_FACTOR_KEY). */
export const twoFactorBox = (config: Pick<Config, 'twoFactorKey'>): SecretBox => secretBox(config.twoFactorKey, 'TWO_FACTOR_KEY');

/** The user is the authenticated data: a sealed secret copied onto another user fails to open. */
const aad = (userId: number): string => `two-factor:user:${userId}`;

export interface Enrolment {
  /** The manual key (base32), shown with the QR code until the first valid code confirms it. */
  secret: string;
  otpauth_uri: string;
  /** The QR code of otpauth_uri, an SVG data URL. */
  qr_code: string;
}

/** A new secret waiting for its first valid code (it replaces one still waiting). 409 once confirmed. */
export async function beginEnrolment(db: Db, box: SecretBox, user: { id: number; email: string }): Promise<Enrolment> {
  const secret = newTotpSecret();
  if (!(await upsertPendingSecret(db, user.id, box.seal(secret, aad(user.id))))) throw conflict(ALREADY_ON);
  const uri = otpauthUri(secret, user.email);
  return { secret, otpauth_uri: uri, qr_code: await qrCodeDataUrl(uri) };
}

async function storeNewRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
  return codes;
}

/**
 * Confirms the waiting secret with a valid code and returns the ten recovery codes, shown once;
 * null for a wrong code. 409 when nothing waits. Every session of the user but `keepSession` (the
 * one it was turned on in; none at sign-in, which has no session yet) ends with it (AUTH-15): one
 * opened with a stolen password or token must not outlive the second factor that now guards it.
 */
export async function confirmEnrolment(
  db: Db,
  box: SecretBox,
  userId: number,
  code: string,
  who: AuditWho,
  keepSession: string | null = null,
): Promise<string[] | null> {
  const row = await findTwoFactor(db, userId);
  if (!row) throw conflict(NOT_STARTED);
  if (row.confirmed_at) throw conflict(ALREADY_ON);
  const step = matchingStep(box.open(row.secret_sealed, aad(userId)), code.replace(/\s/g, ''));
  if (step === null) return null;
  return db.transaction(async (tx) => {
    if (!(await takeStep(tx, userId, step, true))) return null;
    const codes = await storeNewRecoveryCodes(tx, userId);
    await revokeOtherSessions(tx, userId, keepSession);
    await recordAudit(tx, { action: 'two_factor.enabled', who, target: { type: 'user', id: userId } });
    return codes;
  });
}

/** A TOTP code of the confirmed secret, each time step taken once. */
async function checkTotp(db: Db, box: SecretBox, userId: number, code: string): Promise<boolean> {
  const row = await findTwoFactor(db, userId);
  if (!row?.confirmed_at) return false;
  const step = matchingStep(box.open(row.secret_sealed, aad(userId)), code.replace(/\s/g, ''));
  return step !== null && takeStep(db, userId, step, false);
}

/** A TOTP code or an unused recovery code (then used up) of the user's confirmed second factor. */
export async function checkSecondFactor(db: Db, box: SecretBox, userId: number, code: string): Promise<boolean> {
  if (looksLikeTotpCode(code)) return checkTotp(db, box, userId, code);
  return useRecoveryCode(db, userId, hashRecoveryCode(code));
}

/** Ten new recovery codes in place of the old ones, for a valid TOTP code; null for a wrong one. 409 without a second factor. */
export async function regenerateRecoveryCodes(db: Db, box: SecretBox, userId: number, code: string): Promise<string[] | null> {
  const row = await findTwoFactor(db, userId);
  if (!row?.confirmed_at) throw conflict(NOT_ON);
  if (!(await checkTotp(db, box, userId, code))) return null;
  return db.transaction((tx) => storeNewRecoveryCodes(tx, userId));
}

export interface TwoFactorStatus {
  enabled: boolean;
  recovery_codes_left: number;
}

export async function twoFactorStatus(db: Db, userId: number): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(db, userId);
  const enabled = Boolean(row?.confirmed_at);
  return { enabled, recovery_codes_left: enabled ? await countUnusedRecoveryCodes(db, userId) : 0 };
}

/**
 * A super_admin removes a user's second factors (a lost phone or key): the TOTP secret, the
 * recovery codes and every passkey (AUTH-13, AUTH-21); the user's sessions and sign-in steps end with them.
 */
export async function resetTwoFactor(db: Db, actor: ReadonlySet<Permission>, targetId: number, who: AuditWho): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx.query<{ id: number; role: string; role_name: string; role_permissions: string[] }>(
      `select u.id, u.role, r.name as role_name, r.permissions as role_permissions
         from users u join roles r on r.key = u.role where u.id = $1 for update of u`,
      [targetId],
    );
    if (!target) throw notFound('User not found');
    // PERM-07: an account whose role holds more than the actor's is not the actor's to reset.
    if (!holdsAll(actor, rolePermissions(target.role, target.role_permissions)))
      throw forbidden(`Your role cannot reset the second factor of ${roleName(target.role, target.role_name)} accounts`);
    await deleteTwoFactor(tx, targetId);
    const passkeys = await tx.query<{ id: string }>('delete from passkeys where user_id = $1 returning id::text as id', [targetId]);
    await tx.query('delete from passkey_challenges where user_id = $1', [targetId]);
    await tx.query('delete from sign_in_challenges where user_id = $1', [targetId]);
    await revokeUserSessions(tx, targetId);
    await recordAudit(tx, {
      action: 'two_factor.reset',
      who,
      target: { type: 'user', id: targetId },
      changes: values({ passkeys_removed: passkeys.length }),
    });
  });
}

export interface IssuedChallenge {
  token: string;
  expiresAt: Date;
}

/** The short-lived step after a correct password; the token is 256 random bits, kept as its hash. */
export async function issueChallenge(db: Db, userId: number, purpose: ChallengeRow['purpose']): Promise<IssuedChallenge> {
  const token = randomBytes(32).toString('base64url');
  return { token, expiresAt: await insertChallenge(db, hashSecret(token), userId, purpose, CHALLENGE_MINUTES) };
}

/** The live challenge behind a token (401 when unknown or expired). */
export async function openChallenge(db: Db, token: string, purpose: ChallengeRow['purpose']) {
  const challenge = await findChallenge(db, hashSecret(token), purpose);
  if (!challenge) throw challengeExpired();
  return challenge;
}

/** Ends a challenge once its second factor is proven; false when another call ended it first. */
export const endChallenge = (db: Db, token: string): Promise<boolean> => consumeChallenge(db, hashSecret(token));
