import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@paydesk/shared/testing/fake-api';
import { signWithPasskey } from '../../lib/passkey-prompt';
import { renderLogin } from './testing/render-login';

/**
 * AUTH-18, AUTH-19 on the sign-in page: a passkey alone, and a passkey as the second step. jsdom
 * has no WebAuthn, so the browser's prompt is replaced by what it would answer.
 */
jest.mock('../../lib/passkey-prompt', () => ({
  ...jest.requireActual('../../lib/passkey-prompt'),
  passkeysUsable: () => true,
  signWithPasskey: jest.fn(),
}));
const prompt = signWithPasskey as jest.MockedFunction<typeof signWithPasskey>;

const ATTEMPT = 'a'.repeat(43);
const CHALLENGE = 'c'.repeat(43);
const ASSERTION = { id: 'xxxx', rawId: 'xxxx', type: 'public-key' };
const user = { id: 7, name: 'Pat Passkey', role: 'admin', email: 'pat@paydesk.test' };
const signedIn = { body: { status: 'success', message: 'Login successful', data: { token: 'session-token', user } } };

let api: FakeApi;
beforeEach(() => {
  prompt.mockReset();
  api = fakeApi({
    'POST /api/auth/login/passkey/options': () => ({
      body: { status: 'success', data: { attempt: ATTEMPT, options: { challenge: 'xxxx', rpId: 'localhost' } } },
    }),
    'POST /api/auth/login/passkey': () => ({
      status: 401,
      body: { status: 'error', code: 'passkey_not_registered', message: 'This passkey is not registered' },
    }),
    'POST /api/auth/login': () => ({
      body: {
        status: 'success',
        message: 'Enter your verification code',
        data: { challenge: CHALLENGE, next: 'code', expires_at: new Date().toISOString(), factors: ['passkey'] },
      },
    }),
    'POST /api/auth/login/two-factor/passkey/options': () => ({
      body: { status: 'success', data: { options: { challenge: 'xxxx', rpId: 'localhost' } } },
    }),
    'POST /api/auth/login/two-factor/passkey': () => signedIn,
  });
});

test('a passkey alone: a closed prompt says so and sends nothing; an unknown passkey is refused in words', async () => {
  const { store } = renderLogin();
  const person = userEvent.setup();
  prompt.mockResolvedValueOnce({
    ok: false,
    cancelled: true,
    message: 'The passkey prompt was closed before it finished. Try again when you are ready.',
  });
  await person.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
  await screen.findByText('The passkey prompt was closed before it finished. Try again when you are ready.');
  expect(api.calls.map((call) => call.path)).toEqual(['/api/auth/login/passkey/options']);

  prompt.mockResolvedValueOnce({ ok: true, response: ASSERTION });
  await person.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
  await screen.findByText('This passkey is not registered');
  expect(store.getState().session.token).toBeNull();
  expect(api.calls.at(-1)).toMatchObject({ path: '/api/auth/login/passkey', body: { attempt: ATTEMPT, response: ASSERTION } });
});

test('a user whose second factor is a passkey is asked for it after the password, and signs in with it', async () => {
  const { store } = renderLogin();
  const person = userEvent.setup();
  await person.type(screen.getByLabelText(/^Email/), 'pat@paydesk.test');
  await person.type(screen.getByLabelText(/^Password/), 'A-password-2026');
  await person.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByText('Confirm it is you with one of your passkeys.');
  // No code field: this user has no authenticator app.
  expect(screen.queryByLabelText(/^Verification code/)).toBeNull();
  prompt.mockResolvedValueOnce({ ok: true, response: ASSERTION });
  await person.click(screen.getByRole('button', { name: 'Use a Passkey' }));
  await screen.findByText('Dashboard page');
  expect(store.getState().session.token).toBe('session-token');
  expect(api.calls.at(-1)).toMatchObject({
    path: '/api/auth/login/two-factor/passkey',
    body: { challenge: CHALLENGE, response: ASSERTION },
  });
});
