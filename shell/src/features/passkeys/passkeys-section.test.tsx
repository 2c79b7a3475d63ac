import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { createPasskey } from '../../lib/passkey-prompt';
import { PasskeysSection } from './passkeys-section';

/**
 * AUTH-17, AUTH-21 in Settings: a passkey is added with a name and the password again, the
 * browser's prompt in between (replaced here: jsdom has no WebAuthn), and removed with the
 * password; every refusal is said in the dialog, which stays open.
 */
jest.mock('../../lib/passkey-prompt', () => ({
  ...jest.requireActual('../../lib/passkey-prompt'),
  passkeysUsable: () => true,
  createPasskey: jest.fn(),
}));
const prompt = createPasskey as jest.MockedFunction<typeof createPasskey>;

const PASSWORD = 'Right-password-2026';
const incorrect = { status: 400, body: { status: 'error', code: 'invalid_request', message: 'Incorrect password' } };
const LAST =
  'This passkey is your last second factor, and this deployment requires one. Add another passkey or set up an authenticator app first.';
const laptop = { id: 3, name: 'Work laptop', created_at: '2026-11-27T09:00:00.000Z', last_used_at: null, transports: ['internal'] };

let api: FakeApi;
let stored: (typeof laptop)[];
beforeEach(() => {
  prompt.mockReset();
  stored = [];
  api = fakeApi({
    'GET /api/auth/passkeys': () => ({ body: { status: 'success', data: stored } }),
    'POST /api/auth/passkeys/options': ({ body }) =>
      (body as { password?: string }).password === PASSWORD
        ? { body: { status: 'success', data: { options: { challenge: 'xxxx', rp: { id: 'localhost', name: 'Paydesk' } } } } }
        : incorrect,
    'POST /api/auth/passkeys': ({ body }) => {
      stored = [{ ...laptop, name: (body as { name: string }).name }];
      return { status: 201, body: { status: 'success', message: 'Passkey added', data: stored[0] } };
    },
    'DELETE /api/auth/passkeys/3': () => ({ status: 409, body: { status: 'error', code: 'last_second_factor', message: LAST } }),
  });
});

test('adding a passkey: a wrong password and a closed prompt are said in the dialog; then it is listed by name', async () => {
  renderWithProviders(<PasskeysSection />, { preloadedState: sessionOf(testUsers.viewer) });
  const person = userEvent.setup();
  await screen.findByText('You have no passkeys yet.');
  await person.click(screen.getByRole('button', { name: 'Add a Passkey' }));
  const dialog = screen.getByRole('dialog', { name: 'Add a Passkey' });
  await person.type(within(dialog).getByLabelText(/^Name/), 'Work laptop');
  await person.type(within(dialog).getByLabelText(/^Password/), 'Wrong-password-1');
  await person.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await within(dialog).findByText('Incorrect password');
  expect(prompt).not.toHaveBeenCalled();

  await person.clear(within(dialog).getByLabelText(/^Password/));
  await person.type(within(dialog).getByLabelText(/^Password/), PASSWORD);
  prompt.mockResolvedValueOnce({
    ok: false,
    cancelled: true,
    message: 'The passkey prompt was closed before it finished. Try again when you are ready.',
  });
  await person.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await within(dialog).findByText('The passkey prompt was closed before it finished. Try again when you are ready.');

  prompt.mockResolvedValueOnce({ ok: true, response: { id: 'xxxx' } });
  await person.click(within(dialog).getByRole('button', { name: 'Continue' }));
  const list = await screen.findByRole('list', { name: 'Your passkeys' });
  expect(within(list).getByText('Work laptop')).toBeInTheDocument();
  expect(within(list).getByText(/Never used/)).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(api.calls.find((call) => call.method === 'POST' && call.path === '/api/auth/passkeys')?.body).toEqual({
    name: 'Work laptop',
    response: { id: 'xxxx' },
  });
});

test('removing the last second factor under REQUIRE_TWO_FACTOR is refused in words, and the passkey stays', async () => {
  stored = [laptop];
  renderWithProviders(<PasskeysSection />, { preloadedState: sessionOf(testUsers.viewer) });
  const person = userEvent.setup();
  await person.click(await screen.findByRole('button', { name: 'Remove passkey Work laptop' }));
  const dialog = screen.getByRole('dialog', { name: 'Remove Passkey' });
  await person.type(within(dialog).getByLabelText(/^Password/), PASSWORD);
  await person.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await within(dialog).findByText(LAST);
  expect(screen.getByRole('list', { name: 'Your passkeys', hidden: true })).toBeInTheDocument();
});
