import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuiltInRole } from '@paydesk/shared/roles';
import { builtInRoleGrants, renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { optionsOf } from '@paydesk/shared/testing/select';
import { answer, fakeUsersApi, rolesFor, someUsers } from '../../../testing/fake-users-api';
import { UserManagement } from './user-management';

let api: ReturnType<typeof fakeUsersApi>;
afterEach(() => api.restore());

/** The roles as GET /api/backend/roles lists them to an admin. */
const asAdmin = rolesFor(builtInRoleGrants.admin.permissions);

const show = (role: BuiltInRole) => renderWithProviders(<UserManagement />, { preloadedState: sessionOf(testUsers[role]) });
const row = (email: string) => screen.getByTestId(`user-row-${email}`);
const actionsOf = (email: string) =>
  within(row(email))
    .queryAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));

test('shows the title, Add User, and the Admin Users table with its columns', async () => {
  api = fakeUsersApi();
  show('super_admin');
  expect(screen.getByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  await screen.findByText('Vic Viewer');
  expect(screen.getByRole('heading', { name: 'Admin Users' })).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Admin Users' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Username', 'Email', 'Role', 'Status', 'Actions']);
  expect(
    within(row('admin@paydesk.test'))
      .getAllByRole('cell')
      .slice(0, 3)
      .map((c) => c.textContent),
  ).toEqual(['Alex Admin', 'admin@paydesk.test', 'Admin']);
});

test('only an active status is green; the others are red', async () => {
  api = fakeUsersApi();
  show('super_admin');
  await screen.findByText('Vic Viewer');
  expect(within(row('admin@paydesk.test')).getByText('Active').closest('.MuiChip-root')?.className).toContain('MuiChip-colorSuccess');
  expect(within(row('viewer@paydesk.test')).getByText('Suspended').closest('.MuiChip-root')?.className).toContain('MuiChip-colorError');
});

test('a super_admin manages every row but cannot delete their own', async () => {
  api = fakeUsersApi();
  show('super_admin');
  await screen.findByText('Vic Viewer');
  expect(actionsOf('superadmin@paydesk.test')).toEqual(['Edit Sam Super']);
  expect(actionsOf('admin@paydesk.test')).toEqual(['Edit Alex Admin', 'Delete Alex Admin']);
  expect(actionsOf('viewer@paydesk.test')).toEqual(['Edit Vic Viewer', 'Delete Vic Viewer']);
});

test('an admin gets no edit or delete button on a super_admin row', async () => {
  api = fakeUsersApi(someUsers, asAdmin);
  show('admin');
  await screen.findByText('Vic Viewer');
  expect(actionsOf('superadmin@paydesk.test')).toEqual([]);
  expect(actionsOf('admin@paydesk.test')).toEqual(['Edit Alex Admin']);
  expect(actionsOf('viewer@paydesk.test')).toEqual(['Edit Vic Viewer', 'Delete Vic Viewer']);
});

test('opens each dialog from its button, and the list reloads after a change', async () => {
  api = fakeUsersApi();
  show('super_admin');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Delete Vic Viewer' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete User' })).getByRole('button', { name: 'Confirm' }));
  await screen.findByText('User Deleted');
  await waitFor(() => expect(api.calls.filter((c) => c.method === 'GET' && c.path === '/api/backend/users')).toHaveLength(2));
  await user.click(screen.getByRole('button', { name: 'Edit Alex Admin' }));
  expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  expect(screen.getByRole('dialog', { name: 'Add User' })).toBeInTheDocument();
});

test('shows an empty list as such', async () => {
  api = fakeUsersApi([]);
  show('super_admin');
  await screen.findByText('No users found');
});

test('shows a failed list with Retry, which asks again', async () => {
  api = fakeUsersApi(someUsers, asAdmin);
  api.reply('GET /api/backend/users', () => answer(500, { status: 'error', message: 'Internal server error' }));
  show('admin');
  const user = userEvent.setup();
  await screen.findByText('Failed to load users');
  api.reply('GET /api/backend/users', () => answer(200, { data: [] }));
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await screen.findByText('No users found');
});

test('names each role as the server does, and offers the roles the actor may give, custom ones too', async () => {
  const support = {
    key: 'support',
    name: 'Support',
    description: '',
    built_in: false,
    permissions: ['transactions.view' as const],
    user_count: 1,
  };
  const audit = { ...support, key: 'auditor', name: 'Auditor', permissions: ['audit.view' as const] };
  const users = [...someUsers, { id: 4, name: 'Sue Support', email: 'sue@paydesk.test', role: 'support', status: 'active' as const }];
  api = fakeUsersApi(users, rolesFor(builtInRoleGrants.admin.permissions, [support, audit]));
  show('admin');
  await screen.findByText('Sue Support');
  expect(within(row('sue@paydesk.test')).getAllByRole('cell')[2]?.textContent).toBe('Support');
  expect(actionsOf('sue@paydesk.test')).toEqual(['Edit Sue Support', 'Delete Sue Support']);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  expect(await optionsOf(screen.getByRole('combobox', { name: 'Role' }), user)).toEqual(['Admin', 'Viewer', 'Support']);
});
