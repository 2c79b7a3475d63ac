import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { makeStore, type RootState } from '../store';
import { AppProviders } from '../ui/app-providers';
import { sessionExpiredToast } from '../ui/session-expired-toast';
import { isBuiltInRole, permissions as everyPermission, type BuiltInRole, type Permission } from '../roles';
import type { AuthUser } from '../schemas/auth';

/** Renders a component with the real store, theme and toasts, as the shell mounts them. */
export function renderWithProviders(
  ui: ReactElement,
  { preloadedState, route = '/' }: { preloadedState?: Partial<RootState>; route?: string } = {},
) {
  const store = makeStore(preloadedState, sessionExpiredToast);
  return {
    store,
    ...render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppProviders>,
    ),
  };
}

export const testUsers = {
  super_admin: { id: 1, username: 'Sam Super', role: 'super_admin', email: 'superadmin@paydesk.test' },
  admin: { id: 2, username: 'Alex Admin', role: 'admin', email: 'admin@paydesk.test' },
  viewer: { id: 3, username: 'Vic Viewer', role: 'viewer', email: 'viewer@paydesk.test' },
} satisfies Record<string, AuthUser>;

const viewerPermissions: Permission[] = ['dashboard.view', 'transactions.view', 'disputes.view', 'cards.view', 'settings.view'];
const adminPermissions: Permission[] = [
  ...viewerPermissions,
  'figures.real',
  'transactions.refund',
  'disputes.manage',
  'users.view',
  'users.manage',
  'roles.view',
  'cards.manage',
  'wallet.view',
  'wallet.withdraw',
  'balance.view',
  'developers.manage',
];

/**
 * What GET /api/auth/me answers for the built-in roles, as the server seeds them: the pages read
 * permissions from the session, never from the role's key.
 */
export const builtInRoleGrants: Record<BuiltInRole, { name: string; permissions: Permission[] }> = {
  super_admin: { name: 'Super Admin', permissions: [...everyPermission] },
  admin: { name: 'Admin', permissions: adminPermissions },
  viewer: { name: 'Viewer', permissions: viewerPermissions },
};

/**
 * A signed-in session as the store holds it once GET /api/auth/me has answered: the user's role's
 * permissions, or those given (a custom role).
 */
export const sessionOf = (
  user: AuthUser,
  role: { name: string; permissions: readonly Permission[] } = isBuiltInRole(user.role)
    ? builtInRoleGrants[user.role]
    : { name: user.role, permissions: [] },
  { demo = false }: { demo?: boolean } = {},
): Partial<RootState> => ({
  session: { user, token: 'test-token', permissions: [...role.permissions], roleName: role.name, demo },
});
