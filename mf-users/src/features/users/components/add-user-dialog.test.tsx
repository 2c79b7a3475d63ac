import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pasteInto } from '@paydesk/shared/testing/paste';
import { builtInRoleGrants, renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { optionsOf } from '@paydesk/shared/testing/select';
import { answer, fakeUsersApi, rolesFor } from '../../../testing/fake-users-api';
import { AddUserDialog } from './add-user-dialog';

let api: ReturnType<typeof fakeUsersApi>;
beforeEach(() => {
  api = fakeUsersApi();
});

/** The roles the actor may give, as User Management hands them down from GET /api/backend/roles. */
const assignableTo = (actor: 'super_admin' | 'admin') =>
  rolesFor(builtInRoleGrants[actor].permissions)
    .filter((role) => role.assignable)
    .map(({ key, name }) => ({ key, name }));

function open(roles = assignableTo('super_admin')) {
  const onClose = jest.fn();
  renderWithProviders(<AddUserDialog roles={roles} onClose={onClose} />, { preloadedState: sessionOf(testUsers.super_admin) });
  return { onClose, user: userEvent.setup({ delay: null }) };
}

async function fill(user: ReturnType<typeof userEvent.setup>, password = 'Strong-password-2026') {
  await pasteInto(user, screen.getByLabelText(/^Name/), 'New Person');
  await pasteInto(user, screen.getByLabelText(/^Email/), 'New.Person@Example.com');
  await pasteInto(user, screen.getByLabelText(/^Password/), password);
}

test('has Name, Email, Role (Viewer by default) and Password, and adds an active viewer', async () => {
  const { onClose, user } = open();
  expect(screen.getByRole('dialog', { name: 'Add User' })).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Role' }).textContent).toBe('Viewer');
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  await screen.findByText('User Added');
  expect(api.mutations()).toEqual([
    {
      method: 'POST',
      path: '/api/backend/users',
      body: { name: 'New Person', email: 'new.person@example.com', password: 'Strong-password-2026', role: 'viewer', status: 'active' },
    },
  ]);
  expect(onClose).toHaveBeenCalled();
});

test('offers only the roles the actor may assign', async () => {
  const { user } = open(assignableTo('admin'));
  expect(await optionsOf(screen.getByRole('combobox', { name: 'Role' }), user)).toEqual(['Admin', 'Viewer']);
});

test('says what is wrong with a weak password beside the field, without a call', async () => {
  const { onClose, user } = open();
  await fill(user, 'short');
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  await screen.findByText('Password must be at least 12 characters and contain letters and digits');
  expect(api.mutations()).toEqual([]);
  expect(onClose).not.toHaveBeenCalled();
});

test.each([
  [
    'the server message',
    answer(409, { status: 'error', message: 'A user with this email already exists' }),
    'A user with this email already exists',
  ],
  ['the fallback without a message', answer(502, '<html>Bad gateway</html>'), 'Failed to add user'],
  ['the message of a 200 whose status is not success', answer(200, { status: 'error', message: 'Refused' }), 'Refused'],
])('on failure shows an Error toast with %s and stays open', async (_case, response, message) => {
  api.reply('POST /api/backend/users', () => response);
  const { onClose, user } = open();
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  await screen.findByText(message);
  expect(screen.getByText('Error')).toBeInTheDocument();
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog', { name: 'Add User' })).toBeInTheDocument();
});

test('a call that never reaches the server shows An unexpected error occurred', async () => {
  api.reply('POST /api/backend/users', () => Promise.reject(new TypeError('Failed to fetch')));
  const { user } = open();
  await fill(user);
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  await screen.findByText('An unexpected error occurred');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add User' })).toBeEnabled());
});
