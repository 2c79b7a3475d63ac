import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuiltInRole } from '@paydesk/shared/roles';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { fakeUsersApi, someUsers } from '../../../testing/fake-users-api';
import { UserManagement } from './user-management';

/** AUTH-13: the reset action of User Management, a super_admin's alone. */
let api: ReturnType<typeof fakeUsersApi>;
afterEach(() => api.restore());

const withSecondFactor = someUsers.map((user) => ({ ...user, two_factor: user.role === 'admin' }));
const show = (role: BuiltInRole) => renderWithProviders(<UserManagement />, { preloadedState: sessionOf(testUsers[role]) });
const reset = (name: string) => screen.queryByRole('button', { name: `Reset two-factor sign-in of ${name}` });

test('a super_admin resets the second factor of a user who has one, after confirming', async () => {
  api = fakeUsersApi(withSecondFactor);
  show('super_admin');
  await screen.findByText('Vic Viewer');
  expect(reset('Vic Viewer')).toBeNull();
  const user = userEvent.setup();
  await user.click(reset('Alex Admin')!);
  const dialog = screen.getByRole('dialog', { name: 'Reset Two-Factor Sign-In' });
  expect(api.mutations()).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
  await screen.findByText('Two-Factor Sign-In Reset');
  expect(api.mutations()).toEqual([{ method: 'DELETE', path: '/api/backend/users/2/two-factor', body: undefined }]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('an admin gets no reset action', async () => {
  api = fakeUsersApi(withSecondFactor);
  show('admin');
  await screen.findByText('Vic Viewer');
  expect(reset('Alex Admin')).toBeNull();
});
