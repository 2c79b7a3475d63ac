import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { builtInRoleGrants, renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { fakeUsersApi, rolesFor } from '../testing/fake-users-api';
import UsersPage from './users-page';

let api: ReturnType<typeof fakeUsersApi>;
afterEach(() => api.restore());

const renderAt = (route: string, actor: 'super_admin' | 'admin') => {
  api = fakeUsersApi(undefined, rolesFor(builtInRoleGrants[actor].permissions));
  return renderWithProviders(
    <Routes>
      <Route path="/control/users" element={<UsersPage />} />
    </Routes>,
    { preloadedState: sessionOf(testUsers[actor]), route },
  );
};

test('with roles.manage, Users and Roles are tabs, the open one in the address', async () => {
  renderAt('/control/users', 'super_admin');
  const tabs = within(screen.getByRole('navigation', { name: 'User Management' }));
  expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Users', 'Roles']);
  expect(tabs.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await screen.findByRole('table', { name: 'Admin Users' });
  await userEvent.setup().click(tabs.getByRole('tab', { name: 'Roles' }));
  expect(await screen.findByRole('table', { name: 'Roles' })).toBeInTheDocument();
  expect(tabs.getByRole('tab', { name: 'Roles' })).toHaveAttribute('aria-current', 'page');
  expect(tabs.getByRole('tab', { name: 'Roles' })).toHaveAttribute('href', '/control/users?tab=roles');
});

test('without roles.manage there are no tabs, and ?tab=roles shows the users', async () => {
  renderAt('/control/users?tab=roles', 'admin');
  await screen.findByRole('table', { name: 'Admin Users' });
  expect(screen.queryByRole('navigation', { name: 'User Management' })).not.toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Roles' })).not.toBeInTheDocument();
});
