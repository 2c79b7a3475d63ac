import type { CreateUserRequest, UpdateUserRequest } from '@paydesk/shared/schemas/user';
import { diff, recordAudit, removed, values, type AuditWho } from '../audit/audit-log';
import { hashPassword } from '../auth/password-hasher';
import { revokeUserSessions } from '../auth/sessions-repository';
import type { Db } from '../db/db';
import { conflict } from '../errors/domain-error';
import { roleName, rolePermissions } from '../auth/built-in-roles';
import { DUPLICATE_EMAIL, endsSessions, refusal, type RoleLookup, type UserAction } from './users-policy';
import { lockRolesShared } from './roles-repository';
import {
  deleteUser as deleteRow,
  insertUser,
  isDuplicateEmail,
  lockActiveSuperAdmins,
  lockUsers,
  updateUser as updateRow,
  type UserRecord,
} from './users-repository';

/** The role keys an action names: the actor's, the target's and the one it gives. */
const namedRoles = (actor: UserRecord | undefined, action: UserAction): string[] => [
  ...(actor ? [actor.role] : []),
  ...(action.kind === 'create' ? [action.role] : []),
  ...(action.kind !== 'create' && action.target ? [action.target.role] : []),
  ...(action.kind === 'update' ? [action.next.role] : []),
];

/**
 * Every write locks the active super_admins, then the actor's and target's rows, then share-locks
 * the roles they hold and the one given, checks the rules on that locked state and changes it in
 * the same transaction: two concurrent requests cannot both pass a check that only one of them
 * may pass (the last super_admin, a demoted actor), and a role given cannot be deleted or widened
 * before the user's row is written (PERM-06); the foreign key on users.role has the last word.
 */
async function authorizedWrite<T>(
  db: Db,
  actorId: number,
  targetId: number | undefined,
  action: (target: UserRecord | undefined) => UserAction,
  write: (tx: Db, target: UserRecord | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const activeSuperAdmins = (await lockActiveSuperAdmins(tx)).length;
      const rows = await lockUsers(tx, actorId, targetId ?? actorId);
      const actor = rows.find((row) => row.id === actorId);
      const target = targetId === undefined ? undefined : rows.find((row) => row.id === targetId);
      const asked = action(target);
      const roles = new Map((await lockRolesShared(tx, namedRoles(actor, asked))).map((row) => [row.key, row]));
      const lookup: RoleLookup = (key) => {
        const row = roles.get(key);
        return row && { name: roleName(row.key, row.name), permissions: rolePermissions(row.key, row.permissions) };
      };
      const refused = refusal(actor, asked, activeSuperAdmins, lookup);
      if (refused) throw refused;
      return write(tx, target);
    });
  } catch (error) {
    if (isDuplicateEmail(error)) throw conflict(DUPLICATE_EMAIL);
    throw error;
  }
}

const userTarget = (id: number) => ({ type: 'user' as const, id });
const shown = ({ name, email, role, status }: UserRecord) => ({ name, email, role, status });

export async function createUser(db: Db, actorId: number, input: CreateUserRequest, who: AuditWho): Promise<UserRecord> {
  // Hashing takes tens of milliseconds: done before the transaction, so no lock waits on it.
  const passwordHash = await hashPassword(input.password);
  return authorizedWrite(
    db,
    actorId,
    undefined,
    () => ({ kind: 'create', role: input.role }),
    async (tx) => {
      const created = await insertUser(tx, { name: input.name, email: input.email, passwordHash, role: input.role, status: input.status });
      await recordAudit(tx, { action: 'user.created', who, target: userTarget(created.id), changes: values(shown(created)) });
      return created;
    },
  );
}

export async function updateUser(db: Db, actorId: number, targetId: number, input: UpdateUserRequest, who: AuditWho): Promise<UserRecord> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const next = { role: input.role, status: input.status };
  return authorizedWrite(
    db,
    actorId,
    targetId,
    (target) => ({ kind: 'update', target, next }),
    async (tx, target) => {
      const updated = await updateRow(tx, targetId, { name: input.name, email: input.email, ...next, passwordHash });
      if (!target || !updated) throw new Error(`user ${targetId} vanished under its row lock`);
      const sessionsEnded = endsSessions(next, passwordHash !== undefined) ? await revokeUserSessions(tx, targetId) : 0;
      await recordUpdate(tx, who, target, updated, passwordHash !== undefined, sessionsEnded);
      return updated;
    },
  );
}

export async function deleteUser(db: Db, actorId: number, targetId: number, who: AuditWho): Promise<void> {
  // Sessions go with the row (on delete cascade), so the deleted user's next call gets 401.
  await authorizedWrite(
    db,
    actorId,
    targetId,
    (target) => ({ kind: 'delete', target }),
    async (tx, target) => {
      if (!target || !(await deleteRow(tx, targetId))) throw new Error(`user ${targetId} vanished under its row lock`);
      await recordAudit(tx, { action: 'user.deleted', who, target: userTarget(targetId), changes: removed(shown(target)) });
    },
  );
}

/**
 * A role change is its own entry (AUD-04), with the sessions it ended; any other edit is
 * user.updated, which an edit that changed nothing also writes (the action was still taken).
 */
async function recordUpdate(
  tx: Db,
  who: AuditWho,
  before: UserRecord,
  after: UserRecord,
  passwordChanged: boolean,
  sessionsEnded: number,
): Promise<void> {
  const target = userTarget(after.id);
  const ended = sessionsEnded > 0 ? values({ sessions_ended: sessionsEnded }) : {};
  const roleChanged = before.role !== after.role;
  if (roleChanged)
    await recordAudit(tx, { action: 'user.role_changed', who, target, changes: { ...diff(before, after, ['role']), ...ended } });
  const changes = { ...diff(before, after, ['name', 'email', 'status']), ...(passwordChanged ? values({ password_changed: true }) : {}) };
  if (!roleChanged || Object.keys(changes).length > 0) {
    await recordAudit(tx, { action: 'user.updated', who, target, changes: { ...changes, ...(roleChanged ? {} : ended) } });
  }
}
