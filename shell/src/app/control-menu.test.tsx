// The menu each user sees: the areas the product's remotes declare, through the side navigation, by
// the permissions GET /api/auth/me gave (the built-in roles' as the roles table has them, or a custom role's).
import { screen } from '@testing-library/react';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { SideNav } from '../features/layout/side-nav';
import { controlAreasOf } from './areas';
import { productRemotes } from '../testing/product-remotes';

const menu = () =>
  screen
    .queryAllByRole('link')
    .map((l) => l.textContent?.trim())
    .filter((t) => t !== 'Settings');

test.each([
  [
    'super_admin',
    ['Dashboard', 'Transactions', 'Disputes', 'User Management', 'Audit Log', 'Cards', 'Withdrawals', 'Developers', 'API keys', 'Platform'],
  ],
  ['admin', ['Dashboard', 'Transactions', 'Disputes', 'User Management', 'Cards', 'Withdrawals', 'Developers', 'API keys']],
  ['viewer', ['Dashboard', 'Transactions', 'Disputes', 'Cards']],
] as const)('%s sees the menu of the roles table', (role, entries) => {
  renderWithProviders(<SideNav areas={controlAreasOf(productRemotes())} onNavigate={() => undefined} />, {
    preloadedState: sessionOf(testUsers[role]),
  });
  expect(menu()).toEqual(entries);
  expect(screen.getByTestId('current-user-name').textContent).toBe(testUsers[role].username);
  expect(screen.getByRole('link', { name: 'Settings' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
});

test('a custom role sees the entries its permissions open, under its own name', () => {
  const support = { id: 9, username: 'Sue Support', role: 'support', email: 'support@paydesk.test' };
  renderWithProviders(<SideNav areas={controlAreasOf(productRemotes())} onNavigate={() => undefined} />, {
    preloadedState: sessionOf(support, { name: 'Support', permissions: ['transactions.view', 'cards.view'] }),
  });
  expect(menu()).toEqual(['Transactions', 'Cards']);
  expect(screen.getByTestId('current-user-role').textContent).toBe('Support');
  // Without settings.view, no Settings either.
  expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
});

test('the menu waits until the server has said what the user may do', () => {
  const waiting = sessionOf(testUsers.super_admin);
  renderWithProviders(<SideNav areas={controlAreasOf(productRemotes())} onNavigate={() => undefined} />, {
    preloadedState: { session: { ...waiting.session!, permissions: null, roleName: null } },
  });
  expect(menu()).toEqual([]);
});
