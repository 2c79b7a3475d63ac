import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ThemeProviders } from '@paydesk/shared/ui/theme-providers';
import { Loading } from '@paydesk/shared/ui/loading';
import { publicPages } from '../remotes/public-pages';
import { RemotePage } from '../remotes/remote-page';
import { AppErrorBoundary } from './app-error-boundary';
import { RouteError } from './route-error';

/**
 * The payer pages are the shell's first load: theme, router, and the payment remote's page, with
 * no store, no toasts and nothing of the back office. The back office (store, sign-in, layout,
 * navigation, settings) is one chunk fetched when a /control address opens, and the 404 page one
 * more.
 */
const ControlApp = lazy(() => import(/* webpackChunkName: "control" */ './control-app'));
const NotFoundPage = lazy(() => import('../pages/not-found-page'));

export function App() {
  return (
    <ThemeProviders>
      <AppErrorBoundary>
        <BrowserRouter>
          <Suspense fallback={<Loading />}>
            <Routes>
              {publicPages.map(({ path, remote }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <RouteError>
                      <RemotePage {...remote} />
                    </RouteError>
                  }
                />
              ))}
              <Route
                path="/control/*"
                element={
                  <RouteError>
                    <ControlApp />
                  </RouteError>
                }
              />
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </AppErrorBoundary>
    </ThemeProviders>
  );
}
