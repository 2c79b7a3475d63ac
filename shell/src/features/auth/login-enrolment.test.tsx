import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@paydesk/shared/testing/fake-api';
import { createPasskey } from '../../lib/passkey-prompt';
import { renderLogin } from './testing/render-login';

/**
 * AUTH-14, AUTH-22: REQUIRE_TWO_FACTOR and no second factor yet. The sign-in page offers a passkey
 * and an authenticator app as equals; the passkey's options and answer carry the enrolment's
 * challenge, and its answer signs in. jsdom has no WebAuthn: the prompt answers as a browser would.
 */
jest.mock('../../lib/passkey-prompt', () => ({
  ...jest.requireActual('../../lib/passkey-prompt'),
  passkeysUsable: () => true,
  createPasskey: jest.fn(),
}));
const prompt = createPasskey as jest.MockedFunction<typeof createPasskey>;

const CHALLENGE = 'e'.repeat(43);
const ATTESTATION = { id: 'xxxx', rawId: 'xxxx', type: 'public-key', response: { clientDataJSON: 'xxxx', attestationObject: 'xxxx' } };
const user = { id: 9, name: 'Nia New', role: 'admin', email: 'nia@paydesk.test' };
const enrolment = { secret: 'XXXXXXXXXXXXXXXX', otpauth_uri: 'otpauth://totp/x', qr_code: 'data:image/svg+xml;base64,xxxx' };

let api: FakeApi;
beforeEach(() => {
  // The first test signs in, and the session is kept where the shell keeps it.
  localStorage.clear();
  prompt.mockReset();
  api = fakeApi({
    'POST /api/auth/login': () => ({
      body: {
        status: 'success',
        message: 'Set up two-factor sign-in',
        data: { challenge: CHALLENGE, next: 'enrol', expires_at: new Date().toISOString(), factors: [] },
      },
    }),
    'POST /api/auth/login/two-factor/setup': () => ({ body: { status: 'success', data: enrolment } }),
    'POST /api/auth/login/two-factor/setup/passkey/options': () => ({
      body: { status: 'success', data: { options: { challenge: 'xxxx', rp: { id: 'localhost', name: 'Paydesk' } } } },
    }),
    'POST /api/auth/login/two-factor/setup/passkey': () => ({
      body: { status: 'success', message: 'Login successful', data: { token: 'session-token', user } },
    }),
  });
});

async function passwordStep() {
  const rendered = renderLogin();
  const person = userEvent.setup();
  await person.type(screen.getByLabelText(/^Email/), user.email);
  await person.type(screen.getByLabelText(/^Password/), 'A-password-2026');
  await person.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByText('Two-factor sign-in is required for your account. Choose how you will confirm it is you, to continue.');
  return { ...rendered, person };
}

test('a passkey as the required second factor: named, created for the enrolment, and signed in with', async () => {
  const { store, person } = await passwordStep();
  // A choice, not a secret made before it: nothing was asked of the server after the password.
  expect(api.calls.map((call) => call.path)).toEqual(['/api/auth/login']);
  await person.click(screen.getByRole('button', { name: 'Use a Passkey' }));

  prompt.mockResolvedValueOnce({
    ok: false,
    cancelled: true,
    message: 'The passkey prompt was closed before it finished. Try again when you are ready.',
  });
  await person.click(screen.getByRole('button', { name: 'Create Passkey' }));
  await screen.findByText('The passkey prompt was closed before it finished. Try again when you are ready.');
  expect(store.getState().session.token).toBeNull();

  await person.clear(screen.getByLabelText(/^Passkey name/));
  await person.type(screen.getByLabelText(/^Passkey name/), 'Work laptop');
  prompt.mockResolvedValueOnce({ ok: true, response: ATTESTATION });
  await person.click(screen.getByRole('button', { name: 'Create Passkey' }));
  await screen.findByText('Dashboard page');
  expect(store.getState().session.token).toBe('session-token');
  expect(prompt).toHaveBeenLastCalledWith({ challenge: 'xxxx', rp: { id: 'localhost', name: 'Paydesk' } });
  expect(api.calls.slice(1).map((call) => [call.path, call.body])).toEqual([
    ['/api/auth/login/two-factor/setup/passkey/options', { challenge: CHALLENGE }],
    ['/api/auth/login/two-factor/setup/passkey/options', { challenge: CHALLENGE }],
    ['/api/auth/login/two-factor/setup/passkey', { challenge: CHALLENGE, name: 'Work laptop', response: ATTESTATION }],
  ]);
});

test('an authenticator app instead: the secret is made only once chosen, and Back returns to the choice', async () => {
  const { person } = await passwordStep();
  await person.click(screen.getByRole('button', { name: 'Use an Authenticator App' }));
  await screen.findByRole('img', { name: 'QR code for your authenticator app' });
  expect(api.calls.at(-1)).toMatchObject({ path: '/api/auth/login/two-factor/setup', body: { challenge: CHALLENGE } });
  await person.click(screen.getByRole('button', { name: 'Back' }));
  await screen.findByRole('button', { name: 'Use a Passkey' });
  expect(prompt).not.toHaveBeenCalled();
});
