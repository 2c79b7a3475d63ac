import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { answer, fakeUsersApi, someUsers } from '../../../testing/fake-users-api';
import { DeleteUserDialog } from './delete-user-dialog';

const viewer = someUsers[2]!;
let api: ReturnType<typeof fakeUsersApi>;
beforeEach(() => {
  api = fakeUsersApi();
});
afterEach(() => api.restore());

function open() {
  const onClose = jest.fn();
  renderWithProviders(<DeleteUserDialog user={viewer} onClose={onClose} />, { preloadedState: sessionOf(testUsers.admin) });
  return { onClose, user: userEvent.setup() };
}

test('asks with the exact texts of USR-04', () => {
  open();
  const dialog = screen.getByRole('dialog', { name: 'Delete User' });
  expect(dialog.textContent).toContain('Are you sure you want to delete Vic Viewer? This action cannot be undone.');
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
});

test("Confirm reads 'Processing...' while busy, deletes, and shows User Deleted", async () => {
  let release: (response: Response) => void = () => undefined;
  api.reply(
    'DELETE /api/backend/users/3',
    () =>
      new Promise<Response>((resolve) => {
        release = resolve;
      }),
  );
  const { onClose, user } = open();
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  const busy = await screen.findByRole('button', { name: 'Processing...' });
  expect(busy).toBeDisabled();
  release(answer(200, { status: 'success', message: 'User deleted successfully' }));
  await screen.findByText('User Deleted');
  expect(api.mutations()).toEqual([{ method: 'DELETE', path: '/api/backend/users/3', body: undefined }]);
  expect(onClose).toHaveBeenCalled();
});

test.each([
  [
    'the server message',
    answer(403, { status: 'error', message: 'You cannot delete your own account' }),
    'You cannot delete your own account',
  ],
  ['the fallback without a message', answer(500, '<html>oops</html>'), 'Failed to delete user'],
])('on failure shows an Error toast with %s', async (_case, response, message) => {
  api.reply('DELETE /api/backend/users/3', () => response);
  const { onClose, user } = open();
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await screen.findByText(message);
  expect(screen.getByText('Error')).toBeInTheDocument();
  expect(onClose).not.toHaveBeenCalled();
});

test('a call that never reaches the server shows An unexpected error occurred', async () => {
  api.reply('DELETE /api/backend/users/3', () => Promise.reject(new TypeError('Failed to fetch')));
  const { user } = open();
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
  await screen.findByText('An unexpected error occurred');
});

test('Cancel closes without a call', async () => {
  const { onClose, user } = open();
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onClose).toHaveBeenCalled();
  expect(api.mutations()).toEqual([]);
});
