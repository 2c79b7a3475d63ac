import { createBrowserRouter, Navigate } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';
import { RemotePage } from '../remotes/remote-page';
import { LoginPage } from '../features/auth/login-page';
import { ProtectedLayout } from '../features/auth/protected-layout';
import { RequirePermission } from '../features/auth/require-permission';
import { ControlLayout } from '../features/layout/control-layout';
import { SettingsPage } from '../features/settings/settings-page';
import { NotFoundPage } from '../pages/not-found-page';
import { controlAreas, publicPages } from './areas';
import { RouteError } from './route-error';

export const router = createBrowserRouter([
  ...publicPages.map(({ path, remote }) => ({ path, element: <RemotePage {...remote} />, errorElement: <RouteError /> })),
  { path: controlPaths.login, element: <LoginPage />, errorElement: <RouteError /> },
  {
    path: controlPaths.root,
    element: <ProtectedLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <ControlLayout />,
        children: [
          { index: true, element: <Navigate to={controlPaths.dashboard} replace /> },
          ...controlAreas.map(({ path, permission, remote }) => ({
            path,
            errorElement: <RouteError />,
            element: (
              <RequirePermission permission={permission}>
                <RemotePage {...remote} />
              </RequirePermission>
            ),
          })),
          { path: 'settings', element: <SettingsPage />, errorElement: <RouteError /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
