import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Permission } from '../roles';
import type { AuthUser } from '../schemas/auth';
import { readStoredSession } from './storage';

export interface SessionState {
  user: AuthUser | null;
  token: string | null;
  /**
   * What the signed-in user may do, as GET /api/auth/me last said: the server owns the roles and
   * their permissions, so nothing here is worked out from the role's key. Null until the server
   * has answered (and never kept in local storage): nothing permission-gated shows until then.
   */
  permissions: Permission[] | null;
  /** The role's name as the server gives it (a custom role's name is the server's alone). */
  roleName: string | null;
  /** The product runs in demo mode, as GET /api/auth/me says: what only a demo offers shows then. */
  demo?: boolean;
}

const signedOutState = (): SessionState => ({ user: null, token: null, permissions: null, roleName: null });

const initialState = (): SessionState => {
  const stored = typeof localStorage === 'undefined' ? null : readStoredSession();
  return stored ? { user: stored.user, token: stored.token, permissions: null, roleName: null } : signedOutState();
};

const sameUser = (a: AuthUser | null, b: AuthUser) =>
  a !== null && a.id === b.id && a.username === b.username && a.role === b.role && a.email === b.email;

/** What GET /api/auth/me says of the signed-in user. */
export interface SessionRefresh {
  user: AuthUser;
  permissions: Permission[];
  roleName: string;
  demo: boolean;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn: (_state, action: PayloadAction<{ token: string; user: AuthUser }>) => ({
      ...action.payload,
      permissions: null,
      roleName: null,
    }),
    /** The server's word on the signed-in user (GET /api/auth/me): a changed name, role or permission shows without signing out. */
    sessionRefreshed: (state, action: PayloadAction<SessionRefresh>) => {
      if (state.token === null) return;
      // The same user stays the same object, so nothing that reads it renders again for nothing.
      if (!sameUser(state.user, action.payload.user)) state.user = action.payload.user;
      state.permissions = action.payload.permissions;
      state.roleName = action.payload.roleName;
      state.demo = action.payload.demo;
    },
    signedOut: signedOutState,
    /** A call with our token came back 401 (AUTH-07). */
    sessionExpired: (_state, _action: PayloadAction<{ silent: boolean }>) => signedOutState(),
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectIsSignedIn: (state) => state.token !== null,
    selectPermissions: (state) => state.permissions,
    selectRoleName: (state) => state.roleName,
    selectIsDemo: (state) => state.demo === true,
  },
});

export const { signedIn, sessionRefreshed, signedOut, sessionExpired } = sessionSlice.actions;
export const { selectCurrentUser, selectIsSignedIn, selectPermissions, selectRoleName, selectIsDemo } = sessionSlice.selectors;
