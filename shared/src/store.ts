import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from './api/api-slice';
import { sessionExpired, sessionSlice, signedIn, signedOut } from './session/session-slice';
import { clearStoredSession, writeStoredSession } from './session/storage';
import { notify } from './ui/notify';

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
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
