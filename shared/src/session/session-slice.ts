import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthUser } from '../schemas/auth';
import { readStoredSession } from './storage';

export interface SessionState {
  user: AuthUser | null;
  token: string | null;
}

const initialState = (): SessionState => {
  const stored = typeof localStorage === 'undefined' ? null : readStoredSession();
  return { user: stored?.user ?? null, token: stored?.token ?? null };
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn: (_state, action: PayloadAction<{ token: string; user: AuthUser }>) => action.payload,
    signedOut: () => ({ user: null, token: null }),
    /** A call with our token came back 401 (AUTH-07). */
    sessionExpired: (_state, _action: PayloadAction<{ silent: boolean }>) => ({ user: null, token: null }),
  },
  selectors: {
    selectCurrentUser: (state) => state.user,
    selectIsSignedIn: (state) => state.token !== null,
  },
});

export const { signedIn, signedOut, sessionExpired } = sessionSlice.actions;
export const { selectCurrentUser, selectIsSignedIn } = sessionSlice.selectors;
