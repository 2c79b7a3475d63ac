import type { Db } from '../db/db';

export interface TwoFactorRow {
  user_id: number;
  secret_sealed: string;
  confirmed_at: Date | null;
  last_step: string | null;
}

/** The password hash of an active user: what a signed-in caller's password is checked against again (AUTH-15). */
export async function findPasswordHash(db: Db, userId: number): Promise<string | undefined> {
  const rows = await db.query<{ password_hash: string }>("select password_hash from users where id = $1 and status = 'active'", [userId]);
  return rows[0]?.password_hash;
}

export async function findTwoFactor(db: Db, userId: number): Promise<TwoFactorRow | undefined> {
  const rows = await db.query<TwoFactorRow>('select user_id, secret_sealed, confirmed_at, last_step from two_factor where user_id = $1', [
    userId,
  ]);
  return rows[0];
}

/**
 * Starts (or starts again) an enrolment with a new sealed secret. Refused (false) once a second
 * factor is confirmed: only a reset removes it.
 */
export async function upsertPendingSecret(db: Db, userId: number, secretSealed: string): Promise<boolean> {
  const rows = await db.query<{ user_id: number }>(
    `insert into two_factor (user_id, secret_sealed) values ($1, $2)
     on conflict (user_id) do update set secret_sealed = excluded.secret_sealed, last_step = null, created_at = now()
       where two_factor.confirmed_at is null
     returning user_id`,
    [userId, secretSealed],
  );
  return rows.length === 1;
}

/**
 * Takes the time step of a valid code: only a step later than the last one taken, in one
 * conditional statement, so a code (or an earlier one) is accepted once, even by two calls at once.
 * `confirm` also confirms a pending enrolment; otherwise the factor must be confirmed already.
 */
export async function takeStep(db: Db, userId: number, step: number, confirm: boolean): Promise<boolean> {
  const rows = await db.query<{ user_id: number }>(
    `update two_factor set last_step = $2, confirmed_at = ${confirm ? 'coalesce(confirmed_at, now())' : 'confirmed_at'}
      where user_id = $1 and (last_step is null or last_step < $2) and ${confirm ? 'confirmed_at is null' : 'confirmed_at is not null'}
      returning user_id`,
    [userId, step],
  );
  return rows.length === 1;
}

/** Replaces every recovery code of the user with these hashes. */
export async function replaceRecoveryCodes(tx: Db, userId: number, hashes: string[]): Promise<void> {
  await tx.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
  await tx.query('insert into two_factor_recovery_codes (user_id, code_hash) select $1, unnest($2::text[])', [userId, hashes]);
}

/** Uses a recovery code: the conditional update lets one of two concurrent uses through. */
export async function useRecoveryCode(db: Db, userId: number, hash: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `update two_factor_recovery_codes set used_at = now()
      where user_id = $1 and code_hash = $2 and used_at is null
        and exists (select 1 from two_factor t where t.user_id = $1 and t.confirmed_at is not null)
      returning id`,
    [userId, hash],
  );
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'select count(*)::int as n from two_factor_recovery_codes where user_id = $1 and used_at is null',
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** Removes the second factor and its recovery codes. True when there was a confirmed one. */
export async function deleteTwoFactor(tx: Db, userId: number): Promise<boolean> {
  await tx.query('delete from two_factor_recovery_codes where user_id = $1', [userId]);
  const rows = await tx.query<{ confirmed: boolean }>(
    'delete from two_factor where user_id = $1 returning confirmed_at is not null as confirmed',
    [userId],
  );
  return rows[0]?.confirmed === true;
}

export interface ChallengeRow {
  user_id: number;
  purpose: 'verify' | 'enrol';
}

export async function insertChallenge(
  db: Db,
  tokenHash: string,
  userId: number,
  purpose: ChallengeRow['purpose'],
  minutes: number,
): Promise<Date> {
  // A user has one challenge at a time; expired ones of anybody are swept on the way.
  await db.query('delete from sign_in_challenges where user_id = $1 or expires_at < now()', [userId]);
  const rows = await db.query<{ expires_at: Date }>(
    `insert into sign_in_challenges (token_hash, user_id, purpose, expires_at) values ($1, $2, $3, now() + make_interval(mins => $4))
     returning expires_at`,
    [tokenHash, userId, purpose, minutes],
  );
  return new Date(rows[0]!.expires_at);
}

/** A live challenge of that purpose, with its user's e-mail (the lock's key) and status. */
export async function findChallenge(
  db: Db,
  tokenHash: string,
  purpose: ChallengeRow['purpose'],
): Promise<(ChallengeRow & { email: string; status: string }) | undefined> {
  const rows = await db.query<ChallengeRow & { email: string; status: string }>(
    `select c.user_id, c.purpose, u.email, u.status from sign_in_challenges c join users u on u.id = c.user_id
      where c.token_hash = $1 and c.purpose = $2 and c.expires_at > now()`,
    [tokenHash, purpose],
  );
  return rows[0];
}

/** Ends a challenge; true for the one call that ended it. */
export async function consumeChallenge(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db.query<{ user_id: number }>(
    'delete from sign_in_challenges where token_hash = $1 and expires_at > now() returning user_id',
    [tokenHash],
  );
  return rows.length === 1;
}
