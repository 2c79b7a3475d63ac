import { lazy, useMemo } from 'react';
import { Provider } from 'react-redux';
import { Navigate, Route, Routes } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';
import { appStore } from '@paydesk/shared/store';
import { sessionExpiredToast } from '@paydesk/shared/ui/session-expired-toast';
import { LoginPage } from '../features/auth/login-page';
import { ProtectedLayout } from '../features/auth/protected-layout';
import { RequirePermission } from '../features/auth/require-permission';
import { ControlLayout } from '../features/layout/control-layout';
import NotFoundPage from '../pages/not-found-page';
import { liveRemotes, previewedRelease } from '../remotes/remote-loader';
import { RemotePage } from '../remotes/remote-page';
import { controlAreasOf } from './areas';
import { RouteError } from './route-error';

const SettingsPage = lazy(async () => ({
  default: (await import(/* webpackChunkName: "control-settings" */ '../pages/settings-page')).SettingsPage,
}));

/**
 * Everything under /control, with the page's one store (the remotes read the same one). The
 * areas, their routes and menu entries, are those the live remotes declare (/remotes.json).
 */
export default function ControlApp() {
  const controlAreas = useMemo(() => controlAreasOf(liveRemotes()), []);
  return (
    <Provider store={appStore(sessionExpiredToast)}>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route element={<ProtectedLayout />}>
          <Route element={<ControlLayout areas={controlAreas} preview={previewedRelease()} />}>
            <Route index element={<Navigate to={controlPaths.dashboard} replace />} />
            {controlAreas.map(({ path, permission, remote }) => (
              <Route
                key={path}
                path={path}
                element={
                  <RouteError>
                    <RequirePermission
                      permission={permission}
                      landingElsewhere={`/control/${path}` === controlPaths.dashboard ? controlAreas : undefined}
                    >
                      <RemotePage {...remote} />
                    </RequirePermission>
                  </RouteError>
                }
              />
            ))}
            <Route
              path="settings"
              element={
                <RouteError>
                  <RequirePermission permission="settings.view">
                    <SettingsPage />
                  </RequirePermission>
                </RouteError>
              }
            />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </Provider>
  );
}
