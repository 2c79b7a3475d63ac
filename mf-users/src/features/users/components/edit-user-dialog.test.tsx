import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { chooseOption } from '@paydesk/shared/testing/select';
import { answer, fakeUsersApi, someUsers } from '../../../testing/fake-users-api';
import { EditUserDialog } from './edit-user-dialog';

const viewer = someUsers[2]!;
let api: ReturnType<typeof fakeUsersApi>;
beforeEach(() => {
  api = fakeUsersApi();
});
afterEach(() => api.restore());

/** Tests wait no simulated delay, except the one about it, which keeps the dialog's own. */
function open({ isSelf = false, specDelay = false } = {}) {
  const onClose = jest.fn();
  const delay = specDelay ? {} : { delayMs: 0 };
  renderWithProviders(
    <EditUserDialog
      user={viewer}
      roles={[
        { key: 'admin', name: 'Admin' },
        { key: 'viewer', name: 'Viewer' },
      ]}
      isSelf={isSelf}
      onClose={onClose}
      {...delay}
    />,
    {
      preloadedState: sessionOf(testUsers.admin),
    },
  );
  return { onClose, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await chooseOption(screen.getByRole('combobox', { name: field }), option, user);
}

test('has Name, Email, Role and Status filled in, and sends them with no password value', async () => {
  const { onClose, user } = open();
  expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Vic Viewer');
  expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('viewer@paydesk.test');
  expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  await user.clear(screen.getByLabelText(/^Name/));
  await user.type(screen.getByLabelText(/^Name/), 'Victoria Viewer');
  await choose(user, 'Role', 'Admin');
  await choose(user, 'Status', 'Active');
  await user.click(screen.getByRole('button', { name: 'Update User' }));
  await screen.findByText('User Updated');
  expect(api.mutations()).toEqual([
    {
      method: 'PUT',
      path: '/api/backend/users/3',
      body: { name: 'Victoria Viewer', email: 'viewer@paydesk.test', role: 'admin', status: 'active' },
    },
  ]);
  expect(onClose).toHaveBeenCalled();
});

test('waits about 1 s before the call completes (USR-03, CONST-10), showing it is busy', async () => {
  const { user } = open({ specDelay: true });
  const started = Date.now();
  await user.click(screen.getByRole('button', { name: 'Update User' }));
  expect(screen.getByRole('button', { name: 'Updating...' })).toBeDisabled();
  expect(api.mutations()).toEqual([]);
  await screen.findByText('User Updated', undefined, { timeout: 3000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(950);
});

test.each([
  [
    'the server message',
    answer(409, { status: 'error', message: 'The last active super admin cannot be deleted, demoted or deactivated' }),
    'The last active super admin cannot be deleted, demoted or deactivated',
  ],
  // ERR-09: the update path also falls back to 'Failed to add user'.
  ['the add fallback without a message', answer(500, { status: 'error' }), 'Failed to add user'],
])('on failure shows an Error toast with %s and stays open', async (_case, response, message) => {
  api.reply('PUT /api/backend/users/3', () => response);
  const { onClose, user } = open();
  await user.click(screen.getByRole('button', { name: 'Update User' }));
  await screen.findByText(message);
  expect(screen.getByText('Error')).toBeInTheDocument();
  expect(onClose).not.toHaveBeenCalled();
});

test('a call that never reaches the server shows An unexpected error occurred', async () => {
  api.reply('PUT /api/backend/users/3', () => Promise.reject(new TypeError('Failed to fetch')));
  const { user } = open();
  await user.click(screen.getByRole('button', { name: 'Update User' }));
  await screen.findByText('An unexpected error occurred');
});

test('one cannot deactivate oneself: the status is locked with the reason', () => {
  open({ isSelf: true });
  expect(screen.getByRole('combobox', { name: 'Status' }).getAttribute('aria-disabled')).toBe('true');
  expect(screen.getByText('You cannot deactivate your own account')).toBeInTheDocument();
});

test('Cancel closes without a call', async () => {
  const { onClose, user } = open();
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalled();
  expect(api.mutations()).toEqual([]);
});
