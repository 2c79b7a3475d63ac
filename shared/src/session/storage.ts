import { authUser, type AuthUser } from '../schemas/auth-user';

/** Local storage keys (CONST-11). */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'admin_user';

export interface StoredSession {
  token: string;
  user: AuthUser;
}

/** Reads the stored session; anything malformed counts as signed out (local storage is input). */
export function readStoredSession(storage: Storage = localStorage): StoredSession | null {
  const token = storage.getItem(TOKEN_KEY);
  const rawUser = storage.getItem(USER_KEY);
  if (!token || !rawUser) return null;
  try {
    const user = authUser.safeParse(JSON.parse(rawUser));
    return user.success ? { token, user: user.data } : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(session: StoredSession, storage: Storage = localStorage): void {
  storage.setItem(TOKEN_KEY, session.token);
  storage.setItem(USER_KEY, JSON.stringify(session.user));
}

export function clearStoredSession(storage: Storage = localStorage): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(USER_KEY);
}
