import { createBrowserRouter, Navigate } from 'react-router-dom';
import { controlPaths } from '@paydesk/shared/routes';
import { RemotePage } from '../remotes/remote-page';
import { NotFoundPage } from '../pages/not-found-page';
import { controlAreas, publicPages } from './areas';
import { RouteError } from './route-error';

/**
 * The payer pages load nothing of the back office: sign-in, the /control layout, its pages and
 * their icons are separate chunks, fetched only when a /control address is opened.
 */
export const router = createBrowserRouter([
  ...publicPages.map(({ path, remote }) => ({ path, element: <RemotePage {...remote} />, errorElement: <RouteError /> })),
  {
    path: controlPaths.login,
    errorElement: <RouteError />,
    lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
  },
  {
    path: controlPaths.root,
    errorElement: <RouteError />,
    lazy: async () => ({ Component: (await import('../features/auth/protected-layout')).ProtectedLayout }),
    children: [
      {
        lazy: async () => ({ Component: (await import('../features/layout/control-layout')).ControlLayout }),
        children: [
          { index: true, element: <Navigate to={controlPaths.dashboard} replace /> },
          ...controlAreas.map(({ path, permission, remote }) => ({
            path,
            errorElement: <RouteError />,
            lazy: async () => {
              const { RequirePermission } = await import('../features/auth/require-permission');
              return {
                element: (
                  <RequirePermission permission={permission}>
                    <RemotePage {...remote} />
                  </RequirePermission>
                ),
              };
            },
          })),
          {
            path: 'settings',
            errorElement: <RouteError />,
            lazy: async () => ({ Component: (await import('../features/settings/settings-page')).SettingsPage }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
