import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '@paydesk/shared/api/api-slice';
import { sessionExpired, sessionSlice, signedIn, signedOut } from '@paydesk/shared/session/session-slice';
import { clearStoredSession, writeStoredSession } from './session/storage';

const rootReducer = combineSlices(api, sessionSlice);
export type RootState = ReturnType<typeof rootReducer>;

/**
 * What the page adds to its store. The store takes no UI: whoever makes it passes the toast of an
 * expired session (ui/session-expired-toast.tsx), as the shell, the payer pages' WithStore, a
 * remote's standalone page and the tests' render do.
 */
export interface StoreOptions {
  /** Told when a session expired, unless the call that found out was silent (AUTH-07). */
  onSessionExpired?: () => void;
}

/** Keeps local storage in step with the session, and says when it expired. */
function sessionPersistence({ onSessionExpired }: StoreOptions) {
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: signedIn,
    effect: (action) => writeStoredSession(action.payload),
  });
  listener.startListening({
    actionCreator: signedOut,
    effect: (_action, listenerApi) => {
      clearStoredSession();
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
  listener.startListening({
    actionCreator: sessionExpired,
    effect: (action, listenerApi) => {
      clearStoredSession();
      listenerApi.dispatch(api.util.resetApiState());
      if (!action.payload.silent) onSessionExpired?.();
    },
  });
  return listener.middleware;
}

export function makeStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(sessionPersistence(options)).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;

let pageStore: AppStore | undefined;
/**
 * The page's one store, made when first asked for, with the options of that first call (every
 * caller passes the same). This module is a federation singleton, so the shell's back office and
 * every remote (the payer pages through ui/with-store.tsx) get the same.
 */
export const appStore = (options?: StoreOptions): AppStore => (pageStore ??= makeStore(undefined, options));
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
