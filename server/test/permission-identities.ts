import { randomUUID } from 'node:crypto';
import { permissions, type Permission } from '@paydesk/shared/roles';
import { closure } from '../src/auth/permission-catalogue';
import { createSession } from '../src/auth/sessions-repository';
import type { Db } from '../src/db/db';
import { bearer, type TestApp } from './helper';
import type { Identity } from './identities';
import { addUser } from './users-fixtures';

/** A custom role of several permissions from several areas, one implying another (PERM-02). */
export const mixedPermissions: readonly Permission[] = ['transactions.refund', 'disputes.view', 'cards.manage', 'users.view', 'audit.view'];

/** A custom role straight in the table, as roles-service stores one; its holders get the closure at each request. */
export async function addRole(db: Db, key: string, granted: readonly Permission[], name = key): Promise<string> {
  await db.query('insert into roles (key, name, permissions) values ($1, $2, $3::text[])', [key, name, [...granted]]);
  return key;
}

/** A session of `userId` made straight in the table and signed as sign-in signs one (no argon2id). */
export async function sessionToken(t: TestApp, userId: number): Promise<string> {
  const session = await createSession(t.db, randomUUID(), userId, t.config.sessionMaxHours);
  return t.app.tokens.sign({ userId, sessionId: session.id }, session.expiresAt);
}

export interface PermissionIdentities {
  /** One identity per permission, holding exactly it and what it implies; then the mixed role's. */
  single: readonly Identity[];
  mixed: Identity;
  headers(identity: Identity): Record<string, string>;
  /** A new session of the identity's user (for calls that end the session). */
  fresh(identity: Identity): Promise<Record<string, string>>;
}

/**
 * The identities the permission catalogue generates (PERM-01): a user of a custom role per
 * permission and one of `mixedPermissions`. Sessions are made straight in the table and signed as
 * sign-in signs them: no argon2id per user, so the matrix stays cheap.
 */
export async function permissionIdentities(t: TestApp): Promise<PermissionIdentities> {
  const userIds = new Map<string, number>();
  const tokens = new Map<string, string>();
  const signIn = (userId: number) => sessionToken(t, userId);
  const identityOf = async (name: string, key: string, granted: readonly Permission[]): Promise<Identity> => {
    await addRole(t.db, key, granted);
    const user = await addUser(t.db, key);
    userIds.set(name, user.id);
    tokens.set(name, await signIn(user.id));
    return { name, kind: 'custom', role: key, holds: closure(granted) };
  };
  const single: Identity[] = [];
  for (const permission of permissions) {
    single.push(await identityOf(`only ${permission}`, `only_${permission.replace(/\./g, '_')}`, [permission]));
  }
  const mixed = await identityOf(`custom role of ${mixedPermissions.join(', ')}`, 'matrix_mixed', mixedPermissions);
  const headers = (identity: Identity) => bearer(tokens.get(identity.name) ?? '');
  return {
    single,
    mixed,
    headers,
    fresh: async (identity) => {
      const userId = userIds.get(identity.name);
      return userId === undefined ? headers(identity) : bearer(await signIn(userId));
    },
  };
}
