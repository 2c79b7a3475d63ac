import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '@paydesk/shared/api/api-slice';
import { sessionExpired, sessionSlice, signedIn, signedOut } from '@paydesk/shared/session/session-slice';
import { clearStoredSession, writeStoredSession } from './session/storage';
import { notify } from '@paydesk/shared/ui/notify';

const rootReducer = combineSlices(api, sessionSlice);
export type RootState = ReturnType<typeof rootReducer>;

/** Keeps local storage in step with the session, and tells the user when it expired. */
function sessionPersistence() {
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
      if (!action.payload.silent) notify('error', 'Unauthorized', 'Your session has expired. Please log in again.');
    },
  });
  return listener.middleware;
}

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(sessionPersistence()).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;

let pageStore: AppStore | undefined;
/**
 * The page's one store, made when first asked for. This module is a federation singleton, so the
 * shell's back office and every remote (the payer pages through ui/with-store.tsx) get the same.
 */
export const appStore = (): AppStore => (pageStore ??= makeStore());
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
