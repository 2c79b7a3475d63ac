import type { RoleKey } from '@paydesk/shared/roles';
import type { Db } from '../db/db';

export interface NewSession {
  id: string;
  expiresAt: Date;
}

/** A session that is usable right now, with the current state of its user. */
export interface LiveSession {
  session_id: string;
  user_id: number;
  name: string;
  email: string;
  role: RoleKey;
  /** The role's stored name and permission keys (a built-in role's are the code's: built-in-roles.ts). */
  role_name: string;
  role_permissions: string[];
  /** last_seen_at is more than a minute old and should be refreshed. */
  stale: boolean;
  /** The user has a confirmed second factor, TOTP or a passkey (AUTH-14 refuses the session otherwise, when it is required). */
  two_factor: boolean;
}

export async function createSession(db: Db, id: string, userId: number, maxHours: number): Promise<NewSession> {
  const rows = await db.query<{ id: string; expires_at: Date }>(
    `insert into sessions (id, user_id, expires_at) values ($1, $2, now() + make_interval(hours => $3))
     returning id, expires_at`,
    [id, userId, maxHours],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into sessions returned no row');
  return { id: row.id, expiresAt: new Date(row.expires_at) };
}

/**
 * Checked on every authenticated request, so revocation and suspension take effect at once, and so
 * does a change of the user's role or of that role's permissions (PERM-09): the role is read in
 * the same statement.
 */
export async function findLiveSession(db: Db, sessionId: string, userId: number, idleMinutes: number): Promise<LiveSession | undefined> {
  const rows = await db.query<LiveSession>(
    `select s.id as session_id, u.id as user_id, u.name, u.email, u.role, r.name as role_name, r.permissions as role_permissions,
            s.last_seen_at < now() - interval '1 minute' as stale,
            (exists (select 1 from two_factor t where t.user_id = u.id and t.confirmed_at is not null)
              or exists (select 1 from passkeys p where p.user_id = u.id)) as two_factor
       from sessions s join users u on u.id = s.user_id join roles r on r.key = u.role
      where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now()
        and s.last_seen_at > now() - make_interval(mins => $3) and u.status = 'active'`,
    [sessionId, userId, idleMinutes],
  );
  return rows[0];
}

export async function touchSession(db: Db, sessionId: string): Promise<void> {
  await db.query('update sessions set last_seen_at = now() where id = $1', [sessionId]);
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}

/** Signs a user out everywhere (password change, suspension, deletion). Returns how many were live. */
export async function revokeUserSessions(db: Db, userId: number): Promise<number> {
  const rows = await db.query<{ id: string }>(
    'update sessions set revoked_at = now() where user_id = $1 and revoked_at is null returning id',
    [userId],
  );
  return rows.length;
}

/**
 * Signs a user out everywhere but `keep` (null: everywhere), in the caller's transaction: a second
 * factor added leaves no session opened without it (AUTH-15). Returns how many were live.
 */
export async function revokeOtherSessions(db: Db, userId: number, keep: string | null): Promise<number> {
  const rows = await db.query<{ id: string }>(
    'update sessions set revoked_at = now() where user_id = $1 and revoked_at is null and id is distinct from $2::uuid returning id',
    [userId, keep],
  );
  return rows.length;
}
