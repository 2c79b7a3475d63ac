import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi, type Handler, type Reply } from '@paydesk/shared/testing/fake-api';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { TwoFactorSection } from './two-factor-section';

/** AUTH-15: Settings asks for the password again before setting up a second factor or renewing its codes. */
const PASSWORD = 'Right-password-2026';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const incorrect = { status: 400, body: { status: 'error', code: 'invalid_request', message: 'Incorrect password' } };

let api: FakeApi;
let enabled: boolean;
/** The password-checked calls: each answers `incorrect` unless the password is right. */
const checked =
  (answer: () => Reply): Handler =>
  ({ body }) =>
    (body as { password?: string }).password === PASSWORD ? answer() : incorrect;
const turnedOn = () => {
  enabled = true;
  return { body: { status: 'success', data: { recovery_codes: Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-dd${i}${i}`) } } };
};
beforeEach(() => {
  enabled = false;
  api = fakeApi({
    'GET /api/auth/two-factor': () => ({
      body: { status: 'success', data: { enabled, recovery_codes_left: enabled ? 10 : 0, required: false } },
    }),
    // The card reads the passkeys to word its status (AUTH-18): none here.
    'GET /api/auth/passkeys': () => ({ body: { status: 'success', data: [] } }),
    'POST /api/auth/two-factor/setup': checked(() => ({
      body: { status: 'success', data: { secret: SECRET, otpauth_uri: 'otpauth://totp/x', qr_code: 'data:image/svg+xml;base64,' } },
    })),
    'POST /api/auth/two-factor/confirm': checked(turnedOn),
    'POST /api/auth/two-factor/recovery-codes': checked(turnedOn),
  });
});
/** What the page sent, in order: the path and body of every call but the status reads. */
const sent = () => api.calls.filter((call) => call.method !== 'GET').map(({ path, body }) => ({ path, body }));

const render = () => renderWithProviders(<TwoFactorSection />, { preloadedState: sessionOf(testUsers.viewer) });

test('set-up asks for the password in a dialog, says so when it is wrong, and sends it again with the first code', async () => {
  render();
  const person = userEvent.setup();
  await person.click(await screen.findByRole('button', { name: 'Set Up Two-Factor Sign-In' }));
  const dialog = screen.getByRole('dialog', { name: 'Set Up Two-Factor Sign-In' });
  await person.type(within(dialog).getByLabelText(/^Password/), 'Wrong-password-1');
  await person.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('Incorrect password');
  expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).not.toBeInTheDocument();

  await person.clear(within(dialog).getByLabelText(/^Password/));
  await person.type(within(dialog).getByLabelText(/^Password/), PASSWORD);
  await person.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await screen.findByRole('img', { name: 'QR code for your authenticator app' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await person.type(screen.getByLabelText(/^Verification code/), '123456');
  await person.click(screen.getByRole('button', { name: 'Turn On' }));
  expect(await screen.findAllByRole('listitem')).toHaveLength(10);
  expect(sent()).toEqual([
    { path: '/api/auth/two-factor/setup', body: { password: 'Wrong-password-1' } },
    { path: '/api/auth/two-factor/setup', body: { password: PASSWORD } },
    { path: '/api/auth/two-factor/confirm', body: { code: '123456', password: PASSWORD } },
  ]);
});

test('new recovery codes ask for the password and a code in a dialog', async () => {
  enabled = true;
  render();
  const person = userEvent.setup();
  await person.click(await screen.findByRole('button', { name: 'New Recovery Codes' }));
  const dialog = screen.getByRole('dialog', { name: 'New Recovery Codes' });
  await person.type(within(dialog).getByLabelText(/^Password/), 'Wrong-password-1');
  await person.type(within(dialog).getByLabelText(/^Code from your app/), '654321');
  await person.click(within(dialog).getByRole('button', { name: 'Replace Codes' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('Incorrect password');

  await person.clear(within(dialog).getByLabelText(/^Password/));
  await person.type(within(dialog).getByLabelText(/^Password/), PASSWORD);
  await person.click(within(dialog).getByRole('button', { name: 'Replace Codes' }));
  expect(await screen.findAllByRole('listitem')).toHaveLength(10);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(sent().map((call) => call.body)).toEqual([
    { password: 'Wrong-password-1', code: '654321' },
    { password: PASSWORD, code: '654321' },
  ]);
});
