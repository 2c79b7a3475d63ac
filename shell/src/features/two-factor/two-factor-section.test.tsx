import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { TwoFactorSection } from './two-factor-section';

/** AUTH-15: Settings asks for the password again before setting up a second factor or renewing its codes. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const PASSWORD = 'Right-password-2026';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const incorrect = json(400, { status: 'error', code: 'invalid_request', message: 'Incorrect password' });

let fetchSpy: jest.SpyInstance;
let sent: { path: string; body: Record<string, unknown> }[];
let enabled: boolean;
beforeEach(() => {
  sent = [];
  enabled = false;
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (request.method === 'GET')
      return json(200, { status: 'success', data: { enabled, recovery_codes_left: enabled ? 10 : 0, required: false } });
    const body = JSON.parse(await request.text()) as Record<string, unknown>;
    sent.push({ path, body });
    if (body.password !== PASSWORD) return incorrect.clone();
    if (path === '/api/auth/two-factor/setup')
      return json(200, {
        status: 'success',
        data: { secret: SECRET, otpauth_uri: 'otpauth://totp/x', qr_code: 'data:image/svg+xml;base64,' },
      });
    enabled = true;
    return json(200, { status: 'success', data: { recovery_codes: Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-dd${i}${i}`) } });
  });
});
afterEach(() => fetchSpy.mockRestore());

const render = () => renderWithProviders(<TwoFactorSection />, { preloadedState: sessionOf(testUsers.viewer) });

test('set-up asks for the password in a dialog, says so when it is wrong, and sends it again with the first code', async () => {
  render();
  const person = userEvent.setup();
  await person.click(await screen.findByRole('button', { name: 'Set Up Two-Factor Sign-In' }));
  const dialog = screen.getByRole('dialog', { name: 'Set Up Two-Factor Sign-In' });
  await person.type(within(dialog).getByLabelText(/^Password/), 'Wrong-password-1');
  await person.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe('Incorrect password');
  expect(screen.queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();

  await person.clear(within(dialog).getByLabelText(/^Password/));
  await person.type(within(dialog).getByLabelText(/^Password/), PASSWORD);
  await person.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await screen.findByRole('img', { name: 'QR code for your authenticator app' });
  expect(screen.queryByRole('dialog')).toBeNull();

  await person.type(screen.getByLabelText(/^Verification code/), '123456');
  await person.click(screen.getByRole('button', { name: 'Turn On' }));
  expect(await screen.findAllByRole('listitem')).toHaveLength(10);
  expect(sent).toEqual([
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
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(sent.map((call) => call.body)).toEqual([
    { password: 'Wrong-password-1', code: '654321' },
    { password: PASSWORD, code: '654321' },
  ]);
});
