import type { RoleKey } from '@paydesk/shared/roles';
import { SUPER_ADMIN } from '../auth/built-in-roles';
import type { UserStatus } from '@paydesk/shared/schemas/user';
import { isUniqueViolation, type Db } from '../db/db';

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  role: RoleKey;
  status: UserStatus;
  created_at: Date;
  updated_at: Date;
}

export interface UserWithHash extends UserRecord {
  password_hash: string;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  role: RoleKey;
  status: UserStatus;
}

const columns = 'id, name, email, role, status, created_at, updated_at';

export async function findUserByEmail(db: Db, email: string): Promise<UserWithHash | undefined> {
  const rows = await db.query<UserWithHash>(`select ${columns}, password_hash from users where lower(email) = lower($1)`, [email]);
  return rows[0];
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  const rows = await db.query<UserRecord>(`select ${columns} from users where id = $1`, [id]);
  return rows[0];
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRecord> {
  const rows = await db.query<UserRecord>(
    `insert into users (name, email, password_hash, role, status) values ($1, $2, $3, $4, $5) returning ${columns}`,
    [user.name, user.email, user.passwordHash, user.role, user.status],
  );
  const created = rows[0];
  if (!created) throw new Error('insert into users returned no row');
  return created;
}

export interface UserChanges {
  name: string;
  email: string;
  role: RoleKey;
  status: UserStatus;
  /** Undefined keeps the current password. */
  passwordHash?: string | undefined;
}

/** Each user, and whether they have a confirmed second factor (AUTH-13). */
export async function listUsers(db: Db): Promise<(UserRecord & { two_factor: boolean })[]> {
  return db.query<UserRecord & { two_factor: boolean }>(
    `select ${columns}, (exists (select 1 from two_factor t where t.user_id = users.id and t.confirmed_at is not null)
              or exists (select 1 from passkeys p where p.user_id = users.id)) as two_factor
       from users order by id`,
  );
}

/**
 * Locks the active super_admins, lowest id first. Every user write takes this lock before any
 * other user row, so two writes never wait on each other in opposite orders, and a rule about
 * "the last active super_admin" sees the state no concurrent write can change under it.
 */
export async function lockActiveSuperAdmins(tx: Db): Promise<number[]> {
  const rows = await tx.query<{ id: number }>("select id from users where role = $1 and status = 'active' order by id for update", [
    SUPER_ADMIN,
  ]);
  return rows.map((row) => row.id);
}

/** Locks the actor's and the target's rows (lowest id first) and returns their current state. */
export async function lockUsers(tx: Db, actorId: number, targetId: number): Promise<UserRecord[]> {
  return tx.query<UserRecord>(`select ${columns} from users where id = $1 or id = $2 order by id for update`, [actorId, targetId]);
}

export async function updateUser(tx: Db, id: number, changes: UserChanges): Promise<UserRecord | undefined> {
  const rows = await tx.query<UserRecord>(
    `update users set name = $2, email = $3, role = $4, status = $5,
            password_hash = coalesce($6, password_hash), updated_at = now()
      where id = $1 returning ${columns}`,
    [id, changes.name, changes.email, changes.role, changes.status, changes.passwordHash ?? null],
  );
  return rows[0];
}

export async function deleteUser(tx: Db, id: number): Promise<boolean> {
  return (await tx.query('delete from users where id = $1 returning id', [id])).length === 1;
}

export async function setUserStatus(db: Db, id: number, status: UserStatus): Promise<void> {
  await db.query('update users set status = $2, updated_at = now() where id = $1', [id, status]);
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.query<{ count: number }>('select count(*) as count from users');
  return rows[0]?.count ?? 0;
}

/** Postgres unique_violation on the lower(email) index. */
export const isDuplicateEmail = isUniqueViolation;

/** A user locked (FOR SHARE) with their role's stored permissions, as the roles rules read an actor. */
export async function lockActor(
  tx: Db,
  id: number,
): Promise<(Pick<UserRecord, 'id' | 'role' | 'status'> & { role_permissions: string[] }) | undefined> {
  const rows = await tx.query<Pick<UserRecord, 'id' | 'role' | 'status'> & { role_permissions: string[] }>(
    `select u.id, u.role, u.status, r.permissions as role_permissions
       from users u join roles r on r.key = u.role where u.id = $1 for share of u`,
    [id],
  );
  return rows[0];
}
