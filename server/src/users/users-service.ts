import type { CreateUserRequest, UpdateUserRequest } from '@paydesk/shared/schemas/user';
import { hashPassword } from '../auth/password-hasher';
import { revokeUserSessions } from '../auth/sessions-repository';
import type { Db } from '../db/db';
import { HttpError } from '../http/http-error';
import { DUPLICATE_EMAIL, endsSessions, refusal, type UserAction } from './users-policy';
import {
  deleteUser as deleteRow,
  insertUser,
  isDuplicateEmail,
  lockActiveSuperAdmins,
  lockUsers,
  updateUser as updateRow,
  type UserRecord,
} from './users-repository';

/**
 * Every write locks the active super_admins, then the actor's and target's rows, checks the rules
 * on that locked state and changes it in the same transaction: two concurrent requests cannot both
 * pass a check that only one of them may pass (the last super_admin, a demoted actor).
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
      const refused = refusal(actor, action(target), activeSuperAdmins);
      if (refused) throw refused;
      return write(tx, target);
    });
  } catch (error) {
    if (isDuplicateEmail(error)) throw new HttpError(409, DUPLICATE_EMAIL);
    throw error;
  }
}

export async function createUser(db: Db, actorId: number, input: CreateUserRequest): Promise<UserRecord> {
  // Hashing takes tens of milliseconds: done before the transaction, so no lock waits on it.
  const passwordHash = await hashPassword(input.password);
  return authorizedWrite(db, actorId, undefined, () => ({ kind: 'create', role: input.role }), (tx) =>
    insertUser(tx, { name: input.name, email: input.email, passwordHash, role: input.role, status: input.status }),
  );
}

export async function updateUser(db: Db, actorId: number, targetId: number, input: UpdateUserRequest): Promise<UserRecord> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const next = { role: input.role, status: input.status };
  return authorizedWrite(db, actorId, targetId, (target) => ({ kind: 'update', target, next }), async (tx, target) => {
    const updated = await updateRow(tx, targetId, { name: input.name, email: input.email, ...next, passwordHash });
    if (!target || !updated) throw new Error(`user ${targetId} vanished under its row lock`);
    if (endsSessions(target, next, passwordHash !== undefined)) await revokeUserSessions(tx, targetId);
    return updated;
  });
}

export async function deleteUser(db: Db, actorId: number, targetId: number): Promise<void> {
  // Sessions go with the row (on delete cascade), so the deleted user's next call gets 401.
  await authorizedWrite(db, actorId, targetId, (target) => ({ kind: 'delete', target }), async (tx) => {
    if (!(await deleteRow(tx, targetId))) throw new Error(`user ${targetId} vanished under its row lock`);
  });
}
