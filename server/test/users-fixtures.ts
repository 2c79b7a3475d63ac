import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RoleKey } from '@paydesk/shared/roles';
import type { UserStatus } from '@paydesk/shared/schemas/user';
import { hashPassword } from '../src/auth/password-hasher';
import type { Db } from '../src/db/db';
import { findUserById, insertUser, type UserRecord } from '../src/users/users-repository';
import { bearer, TEST_PASSWORD } from './helper';

/** A password the shared schema accepts (12+ characters, letters and digits). */
export const STRONG_PASSWORD = 'Strong-password-2026';

let passwordHash: Promise<string> | undefined;
let serial = 0;

export const uniqueEmail = (label: string): string => `${label}-${process.pid}-${++serial}@users.test`;

/** A user straight in the database (password TEST_PASSWORD), not through the API under test. */
export async function addUser(db: Db, role: RoleKey, status: UserStatus = 'active'): Promise<UserRecord> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return insertUser(db, { name: `Test ${role}`, email: uniqueEmail(role), passwordHash: await passwordHash, role, status });
}

export const userExists = async (db: Db, id: number): Promise<boolean> => (await findUserById(db, id)) !== undefined;

export async function countUsers(db: Db): Promise<number> {
  return (await db.query<{ n: number }>('select count(*)::int as n from users'))[0]?.n ?? 0;
}

/** The body of an edit, as the Edit User dialog sends it (no password value). */
export const editOf = (user: UserRecord, changes: Partial<Pick<UserRecord, 'name' | 'email' | 'role' | 'status'>> = {}) => ({
  name: user.name,
  email: user.email,
  role: user.role,
  status: user.status,
  ...changes,
});

/** The user calls of USR-07, with a bearer token. */
export function usersApi(app: FastifyInstance, token: string) {
  const headers = bearer(token);
  return {
    list: (): Promise<LightMyRequestResponse> => app.inject({ method: 'GET', url: '/api/backend/users', headers }),
    create: (payload: object): Promise<LightMyRequestResponse> =>
      app.inject({ method: 'POST', url: '/api/backend/users', headers, payload }),
    update: (id: number | string, payload: object): Promise<LightMyRequestResponse> =>
      app.inject({ method: 'PUT', url: `/api/backend/users/${id}`, headers, payload }),
    remove: (id: number | string): Promise<LightMyRequestResponse> =>
      app.inject({ method: 'DELETE', url: `/api/backend/users/${id}`, headers }),
  };
}

export const me = (app: FastifyInstance, token: string): Promise<LightMyRequestResponse> =>
  app.inject({ url: '/api/auth/me', headers: bearer(token) });
