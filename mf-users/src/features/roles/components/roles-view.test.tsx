import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@paydesk/shared/roles';
import type { RoleInfo } from '@paydesk/shared/schemas/roles';
import { builtInRoleGrants, renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { answer, fakeUsersApi, rolesFor } from '../../../testing/fake-users-api';
import { RolesView } from './roles-view';

let api: ReturnType<typeof fakeUsersApi>;
afterEach(() => api.restore());

const support: Omit<RoleInfo, 'assignable'> = {
  key: 'support',
  name: 'Support',
  description: 'Answers payers',
  built_in: false,
  permissions: ['transactions.refund', 'transactions.view'],
  user_count: 2,
};

/** The Roles tab as a super_admin (or an actor holding `held`) sees it, over the shared fake API. */
function show(held: readonly Permission[] = builtInRoleGrants.super_admin.permissions) {
  api = fakeUsersApi(undefined, rolesFor(held, [support]));
  renderWithProviders(<RolesView />, {
    preloadedState: sessionOf({ ...testUsers.super_admin, role: 'roles_admin' }, { name: 'Roles admin', permissions: held }),
  });
  return userEvent.setup();
}

const row = (key: string) => screen.getByTestId(`role-row-${key}`);
const cellsOf = (key: string) =>
  within(row(key))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const checkbox = (name: string) => screen.getByRole('checkbox', { name });

test('lists each role with its description, permissions and users; built-in ones are marked and not editable', async () => {
  show();
  await screen.findByText('Support');
  expect(
    within(screen.getByRole('table', { name: 'Roles' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Name', 'Description', 'Permissions', 'Users', 'Actions']);
  expect(cellsOf('support')).toEqual(['Support', 'Answers payers', '2', '2', '']);
  expect(cellsOf('viewer').slice(0, 4)).toEqual(['ViewerBuilt-in', 'Reads only.', '5', '1']);
  expect(within(row('viewer')).queryAllByRole('button')).toEqual([]);
  expect(
    within(row('support'))
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label')),
  ).toEqual(['Edit Support', 'Delete Support']);
});

test('New role: checking a permission checks and locks what it implies, and the role is created with both', async () => {
  const user = show();
  await user.click(await screen.findByRole('button', { name: 'New role' }));
  const dialog = screen.getByRole('dialog', { name: 'New role' });
  expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();
  expect(
    within(dialog)
      .getAllByRole('group')
      .map((g) => g.querySelector('legend')?.textContent),
  ).toEqual(['Transactions', 'Users', 'Platform']);
  expect(screen.getByText('Give money back to a payer.')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText(/^Name/), 'Refunds desk');
  await user.click(checkbox('Refund payments'));
  expect(checkbox('View transactions')).toBeChecked();
  expect(checkbox('View transactions')).toBeDisabled();
  expect(screen.getByText('Included with Refund payments.')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Create role' }));
  await screen.findByText('Role Created');
  expect(api.mutations()).toEqual([
    {
      method: 'POST',
      path: '/api/backend/roles',
      body: { name: 'Refunds desk', description: '', permissions: ['transactions.view', 'transactions.refund'] },
    },
  ]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('Edit: the implied permissions stay locked until what implies them is unchecked, and the server refusal is said', async () => {
  const user = show();
  await user.click(await screen.findByRole('button', { name: 'Edit Support' }));
  const dialog = screen.getByRole('dialog', { name: 'Edit role Support' });
  expect(within(dialog).getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Support');
  expect(checkbox('Refund payments')).toBeChecked();
  expect(checkbox('View transactions')).toBeDisabled();
  await user.click(checkbox('Refund payments'));
  expect(checkbox('View transactions')).toBeEnabled();
  expect(checkbox('View transactions')).toBeChecked();
  await user.click(checkbox('View users'));

  api.reply('PUT /api/backend/roles/:key', () =>
    answer(409, { status: 'error', code: 'role_exists', message: 'A role named Support already exists' }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('A role named Support already exists');

  api.reply('PUT /api/backend/roles/:key', () =>
    answer(200, { data: { ...support, permissions: ['transactions.view', 'users.view'], assignable: true } }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
  await screen.findByText('Role Updated');
  expect(api.mutations().map((call) => [call.method, call.path, call.body])).toEqual([
    [
      'PUT',
      '/api/backend/roles/support',
      { name: 'Support', description: 'Answers payers', permissions: ['transactions.view', 'users.view'] },
    ],
    [
      'PUT',
      '/api/backend/roles/support',
      { name: 'Support', description: 'Answers payers', permissions: ['transactions.view', 'users.view'] },
    ],
  ]);
});

test('a permission the actor does not hold cannot be given, and says why', async () => {
  const user = show(['roles.manage', 'transactions.view', 'transactions.refund', 'users.view', 'users.manage']);
  await user.click(await screen.findByRole('button', { name: 'New role' }));
  expect(checkbox('Manage the platform')).toBeDisabled();
  expect(checkbox('Manage the platform')).toHaveAccessibleDescription(
    'Release and roll back remotes. You do not hold this permission, so you cannot give it.',
  );
  expect(checkbox('Manage users')).toBeEnabled();
});

test('a name is required, said beside the field without a call', async () => {
  const user = show();
  await user.click(await screen.findByRole('button', { name: 'New role' }));
  await user.click(screen.getByRole('button', { name: 'Create role' }));
  expect(await screen.findByText('Name is required')).toBeInTheDocument();
  expect(api.mutations()).toEqual([]);
});

test('Delete asks first; a role in use is refused with the server message, and the role stays', async () => {
  const user = show();
  await user.click(await screen.findByRole('button', { name: 'Delete Support' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete Role' });
  expect(dialog).toHaveTextContent('Are you sure you want to delete the role Support? This action cannot be undone.');
  api.reply('DELETE /api/backend/roles/:key', () =>
    answer(409, { status: 'error', code: 'role_in_use', message: 'The role Support is held by 2 users: give them another role first' }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  expect(await screen.findByText('The role Support is held by 2 users: give them another role first')).toBeInTheDocument();
  expect(screen.getByText('Error')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(row('support')).toBeInTheDocument();
});

test('Delete of a role nobody holds removes it and shows Role Deleted', async () => {
  const user = show();
  await user.click(await screen.findByRole('button', { name: 'Delete Support' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete Role' })).getByRole('button', { name: 'Confirm' }));
  await screen.findByText('Role Deleted');
  expect(api.mutations()).toEqual([{ method: 'DELETE', path: '/api/backend/roles/support', body: undefined }]);
});
