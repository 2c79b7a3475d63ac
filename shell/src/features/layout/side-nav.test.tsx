import { screen } from '@testing-library/react';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { SideNav } from './side-nav';

const menu = () =>
  screen
    .getAllByRole('link')
    .map((l) => l.textContent?.trim())
    .filter((t) => t !== 'Settings');

test.each([
  ['super_admin', ['Dashboard', 'Transactions', 'User Management', 'Audit Log', 'Cards', 'Withdrawals', 'Developers', 'API keys']],
  ['admin', ['Dashboard', 'Transactions', 'User Management', 'Cards', 'Withdrawals', 'Developers', 'API keys']],
  ['viewer', ['Dashboard', 'Transactions', 'Cards']],
] as const)('%s sees the menu of the roles table', (role, entries) => {
  renderWithProviders(<SideNav onNavigate={() => undefined} />, { preloadedState: sessionOf(testUsers[role]) });
  expect(menu()).toEqual(entries);
  expect(screen.getByTestId('current-user-name').textContent).toBe(testUsers[role].username);
  expect(screen.getByRole('link', { name: 'Settings' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
});
