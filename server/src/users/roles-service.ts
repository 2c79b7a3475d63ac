import { builtInRoles, isBuiltInRole, type Permission, type RoleKey } from '@paydesk/shared/roles';
import type { RoleInfo } from '@paydesk/shared/schemas/roles';
import { recordAudit, removed, values, type AuditWho } from '../audit/audit-log';
import { builtInRoleList, roleName, rolePermissions } from '../auth/built-in-roles';
import { closure, holdsAll, sortedPermissions } from '../auth/permission-catalogue';
import type { Db } from '../db/db';
import { conflict, forbidden, notFound, type DomainError } from '../errors/domain-error';
import { keyFromName, nextFreeKey } from './role-keys';
import {
  countHolders,
  deleteRole as deleteRow,
  insertRole,
  isDuplicateRole,
  isMissingRole,
  keysLike,
  listRoles as listRows,
  lockRole,
  updateRole as updateRow,
  type RoleRow,
} from './roles-repository';
import { lockActor } from './users-repository';

export const ROLE_NOT_FOUND = 'Role not found';
export const ROLE_EXCEEDS_ACTOR = 'A role may only hold permissions that you hold yourself';
export const ROLE_BUILT_IN = 'Built-in roles cannot be changed or deleted';
export const roleInUse = (name: string, users: number): string =>
  `${name} is held by ${users} ${users === 1 ? 'user' : 'users'}: give ${users === 1 ? 'them' : 'each'} another role before deleting it`;
const roleExists = (error: unknown, key: RoleKey, name: string): DomainError =>
  (error as { constraint?: string }).constraint === 'roles_name_key'
    ? conflict(`A role named ${name} already exists`, 'role_exists')
    : conflict(`A role with the key ${key} already exists`, 'role_exists');

/** What a role is made of, as sent: closed under `implies` (PERM-02). */
export interface RoleInput {
  name: string;
  description: string;
  permissions: readonly Permission[];
}

const builtInDescription = new Map<string, string>(builtInRoleList().map((role) => [role.key, role.description]));
const builtInOrder = (key: RoleKey): number => {
  const index = (builtInRoles as readonly string[]).indexOf(key);
  return index === -1 ? builtInRoles.length : index;
};

const toInfo = (row: RoleRow, users: number, actor: ReadonlySet<Permission>): RoleInfo => {
  const held = rolePermissions(row.key, row.permissions);
  return {
    key: row.key,
    name: roleName(row.key, row.name),
    description: row.built_in ? (builtInDescription.get(row.key) ?? '') : row.description,
    built_in: row.built_in,
    permissions: sortedPermissions(held),
    user_count: users,
    // PERM-07: giving a role takes users.manage and every permission of the role.
    assignable: actor.has('users.manage') && holdsAll(actor, held),
  };
};

/** Every role with its holders, and whether `actor` may give it (PERM-05): built-in roles first. */
export async function listRoles(db: Db, actor: ReadonlySet<Permission>): Promise<RoleInfo[]> {
  const rows = await listRows(db);
  return rows
    .map((row, index) => ({ info: toInfo(row, row.user_count, actor), order: [builtInOrder(row.key), index] as const }))
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
    .map(({ info }) => info);
}

/**
 * The actor's permissions read again under lock, as users-service does: a session may outlive a
 * change of its role by a few milliseconds. Refuses an actor without roles.manage.
 */
async function manager(tx: Db, actorId: number): Promise<ReadonlySet<Permission>> {
  const actor = await lockActor(tx, actorId);
  const held = actor?.status === 'active' ? rolePermissions(actor.role, actor.role_permissions) : undefined;
  if (!held?.has('roles.manage')) throw forbidden();
  return held;
}

/** PERM-06: a role is made, changed or removed only by someone who holds everything it holds. */
function refuseWider(actor: ReadonlySet<Permission>, ...roles: Iterable<Permission>[]): void {
  if (!roles.every((role) => holdsAll(actor, role))) throw forbidden(ROLE_EXCEEDS_ACTOR, 'role_exceeds_actor');
}

/** A custom role, locked for a change; a built-in or unknown key is refused. */
async function customRole(tx: Db, key: RoleKey): Promise<RoleRow> {
  if (isBuiltInRole(key)) throw conflict(ROLE_BUILT_IN, 'role_built_in');
  const row = await lockRole(tx, key);
  if (!row) throw notFound(ROLE_NOT_FOUND);
  if (row.built_in) throw conflict(ROLE_BUILT_IN, 'role_built_in');
  return row;
}

const shown = (row: Pick<RoleRow, 'key' | 'name' | 'description' | 'permissions'>) => ({
  name: row.name,
  description: row.description,
  permissions: sortedPermissions(rolePermissions(row.key, row.permissions)),
});

/** POST /api/backend/roles (PERM-04 to PERM-06, PERM-08). */
export async function createRole(db: Db, actorId: number, input: RoleInput & { key?: RoleKey }, who: AuditWho): Promise<RoleInfo> {
  const permissions = sortedPermissions(closure(input.permissions));
  let key = input.key ?? keyFromName(input.name);
  try {
    return await db.transaction(async (tx) => {
      const actor = await manager(tx, actorId);
      refuseWider(actor, permissions);
      if (input.key === undefined) key = nextFreeKey(key, await keysLike(tx, key));
      else if (isBuiltInRole(key)) throw conflict(`A role with the key ${key} already exists`, 'role_exists');
      const row = await insertRole(tx, key, { name: input.name, description: input.description, permissions });
      await recordAudit(tx, { action: 'role.created', who, target: { type: 'role', id: key }, changes: values(shown(row)) });
      return toInfo(row, 0, actor);
    });
  } catch (error) {
    if (isDuplicateRole(error)) throw roleExists(error, key, input.name);
    throw error;
  }
}

/** PUT /api/backend/roles/{key}: its holders get the new permissions at their next request (PERM-09). */
export async function updateRole(db: Db, actorId: number, key: RoleKey, input: RoleInput, who: AuditWho): Promise<RoleInfo> {
  const permissions = sortedPermissions(closure(input.permissions));
  try {
    return await db.transaction(async (tx) => {
      const actor = await manager(tx, actorId);
      const before = await customRole(tx, key);
      refuseWider(actor, rolePermissions(key, before.permissions), permissions);
      const after = await updateRow(tx, key, { name: input.name, description: input.description, permissions });
      if (!after) throw new Error(`role ${key} vanished under its row lock`);
      const [from, to] = [shown(before), shown(after)];
      await recordAudit(tx, {
        action: 'role.updated',
        who,
        target: { type: 'role', id: key },
        // The permissions always, so each entry shows the role's set before and after.
        changes: {
          ...(from.name === to.name ? {} : { name: { from: from.name, to: to.name } }),
          ...(from.description === to.description ? {} : { description: { from: from.description, to: to.description } }),
          permissions: { from: from.permissions, to: to.permissions },
        },
      });
      return toInfo(after, await countHolders(tx, key), actor);
    });
  } catch (error) {
    if (isDuplicateRole(error)) throw roleExists(error, key, input.name);
    throw error;
  }
}

/**
 * DELETE /api/backend/roles/{key}: only while nobody holds it (PERM-06). The row lock makes a
 * concurrent assignment wait or finish first; the foreign key on users.role refuses the delete
 * if one slipped past the count.
 */
export async function deleteRole(db: Db, actorId: number, key: RoleKey, who: AuditWho): Promise<void> {
  let name: string = key;
  try {
    await db.transaction(async (tx) => {
      const actor = await manager(tx, actorId);
      const row = await customRole(tx, key);
      name = row.name;
      refuseWider(actor, rolePermissions(key, row.permissions));
      const holders = await countHolders(tx, key);
      if (holders > 0) throw conflict(roleInUse(row.name, holders), 'role_in_use');
      if (!(await deleteRow(tx, key))) throw new Error(`role ${key} vanished under its row lock`);
      await recordAudit(tx, { action: 'role.deleted', who, target: { type: 'role', id: key }, changes: removed(shown(row)) });
    });
  } catch (error) {
    if (isMissingRole(error)) throw conflict(roleInUse(name, await countHolders(db, key)), 'role_in_use');
    throw error;
  }
}
