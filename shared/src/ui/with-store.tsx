import { useContext, type ReactNode } from 'react';
import { Provider, ReactReduxContext } from 'react-redux';
import { appStore } from '@paydesk/shared/store';
import { sessionExpiredToast } from './session-expired-toast';

/**
 * The page's one store around a part that needs it. Inside the back office (or a test) the store
 * is already provided and is used as it is; a payer page has none above it, so its first part
 * that calls the API brings the store (and Redux) with it instead of the page's first load.
 */
export function WithStore({ children }: { children: ReactNode }) {
  const outer = useContext(ReactReduxContext);
  return outer ? <>{children}</> : <Provider store={appStore(sessionExpiredToast)}>{children}</Provider>;
}
