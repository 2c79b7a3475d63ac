import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { makeStore, type RootState } from '../store';
import { AppProviders } from '../ui/app-providers';
import { sessionExpiredToast } from '../ui/session-expired-toast';
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

export const sessionOf = (user: AuthUser): Partial<RootState> => ({ session: { user, token: 'test-token' } });

export const testUsers = {
  super_admin: { id: 1, username: 'Sam Super', role: 'super_admin', email: 'superadmin@paydesk.test' },
  admin: { id: 2, username: 'Alex Admin', role: 'admin', email: 'admin@paydesk.test' },
  viewer: { id: 3, username: 'Vic Viewer', role: 'viewer', email: 'viewer@paydesk.test' },
} satisfies Record<string, AuthUser>;
