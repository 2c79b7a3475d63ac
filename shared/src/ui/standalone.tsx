import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { useSessionRefresh } from '@paydesk/shared/session/use-session-refresh';
import { appStore } from '@paydesk/shared/store';
import { AppProviders } from './app-providers';
import { sessionExpiredToast } from './session-expired-toast';

function Pages({ routes }: { routes: RouteObject[] }) {
  // What the signed-in user may do, as the shell's layout asks it, so the page's buttons show.
  useSessionRefresh();
  return useRoutes(routes);
}

/**
 * A remote's own bootstrap for `npm run dev -w <remote>`: its pages with their own router, store,
 * theme and toasts, against the API the dev server proxies. Sign in through the shell (or put a
 * token in local storage) to see back-office pages with data.
 */
export function renderStandalone(routes: RouteObject[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('No #root element in the page');
  createRoot(container).render(
    <AppProviders store={appStore(sessionExpiredToast)}>
      <BrowserRouter>
        <Pages routes={routes} />
      </BrowserRouter>
    </AppProviders>,
  );
}
