import type { RoleKey } from '@paydesk/shared/roles';
import { isForeignKeyViolation, isUniqueViolation, type Db } from '../db/db';

/** A row of the roles table (migration 040); a built-in role's permissions are the code's. */
export interface RoleRow {
  key: RoleKey;
  name: string;
  description: string;
  built_in: boolean;
  permissions: string[];
  created_at: Date;
  updated_at: Date;
}

const columns = 'key, name, description, built_in, permissions, created_at, updated_at';
const withHolders = `r.key, r.name, r.description, r.built_in, r.permissions, r.created_at, r.updated_at,
  (select count(*)::int from users u where u.role = r.key) as user_count`;

/** Every role, built-in ones first, with how many users hold each. */
export async function listRoles(db: Db): Promise<(RoleRow & { user_count: number })[]> {
  return db.query<RoleRow & { user_count: number }>(`select ${withHolders} from roles r order by r.built_in desc, r.created_at, r.key`);
}

export async function findRole(db: Db, key: RoleKey): Promise<(RoleRow & { user_count: number }) | undefined> {
  const rows = await db.query<RoleRow & { user_count: number }>(`select ${withHolders} from roles r where r.key = $1`, [key]);
  return rows[0];
}

/**
 * The roles of `keys`, share-locked until the transaction ends: a role being given to a user can
 * neither change its permissions nor be deleted before the user's row is written (PERM-06).
 */
export async function lockRolesShared(tx: Db, keys: readonly RoleKey[]): Promise<RoleRow[]> {
  return tx.query<RoleRow>(`select ${columns} from roles where key = any($1::text[]) order by key for share`, [[...new Set(keys)]]);
}

/** A custom role locked for an edit or a delete. */
export async function lockRole(tx: Db, key: RoleKey): Promise<RoleRow | undefined> {
  const rows = await tx.query<RoleRow>(`select ${columns} from roles where key = $1 for update`, [key]);
  return rows[0];
}

/** Keys starting with `base`, to pick a free one for a role named without a key. */
export async function keysLike(tx: Db, base: string): Promise<string[]> {
  const rows = await tx.query<{ key: string }>(`select key from roles where key = $1 or key like $1 || '\\_%'`, [base]);
  return rows.map((row) => row.key);
}

export interface RoleFields {
  name: string;
  description: string;
  permissions: readonly string[];
}

export async function insertRole(tx: Db, key: RoleKey, fields: RoleFields): Promise<RoleRow> {
  const rows = await tx.query<RoleRow>(
    `insert into roles (key, name, description, permissions) values ($1, $2, $3, $4::text[]) returning ${columns}`,
    [key, fields.name, fields.description, [...fields.permissions]],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into roles returned no row');
  return row;
}

export async function updateRole(tx: Db, key: RoleKey, fields: RoleFields): Promise<RoleRow | undefined> {
  const rows = await tx.query<RoleRow>(
    `update roles set name = $2, description = $3, permissions = $4::text[], updated_at = now()
      where key = $1 and not built_in returning ${columns}`,
    [key, fields.name, fields.description, [...fields.permissions]],
  );
  return rows[0];
}

export async function deleteRole(tx: Db, key: RoleKey): Promise<boolean> {
  return (await tx.query('delete from roles where key = $1 and not built_in returning key', [key])).length === 1;
}

export async function countHolders(db: Db, key: RoleKey): Promise<number> {
  const rows = await db.query<{ n: number }>('select count(*)::int as n from users where role = $1', [key]);
  return rows[0]?.n ?? 0;
}

/** A key or (case aside) a name another role has. */
export const isDuplicateRole = isUniqueViolation;

/** users.role names a role that does not exist (or no longer does). */
export const isMissingRole = (error: unknown): boolean => isForeignKeyViolation(error, 'users_role_fkey');
