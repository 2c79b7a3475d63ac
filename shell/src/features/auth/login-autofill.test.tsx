import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@paydesk/shared/testing/fake-api';
import { autofillPasskey, cancelPasskeyPrompt, type PromptOutcome } from '../../lib/passkey-prompt';
import { renderLogin } from './testing/render-login';

/**
 * AUTH-23: the sign-in page's e-mail field offers passkeys in its autofill. jsdom has no WebAuthn:
 * the conditional request is a promise this test settles, and cancelling it ends it as the
 * library does (cancelled, which nobody is told).
 */
jest.mock('../../lib/passkey-prompt', () => ({
  ...jest.requireActual('../../lib/passkey-prompt'),
  passkeysUsable: () => true,
  passkeyAutofillUsable: () => Promise.resolve(true),
  autofillPasskey: jest.fn(),
  cancelPasskeyPrompt: jest.fn(),
}));
const autofill = autofillPasskey as jest.MockedFunction<typeof autofillPasskey>;
const cancel = cancelPasskeyPrompt as jest.MockedFunction<typeof cancelPasskeyPrompt>;

const ATTEMPT = 'a'.repeat(43);
const ASSERTION = { id: 'xxxx', rawId: 'xxxx', type: 'public-key' };
const user = { id: 7, name: 'Pat Passkey', role: 'admin', email: 'pat@paydesk.test' };
const signedIn = { body: { status: 'success', message: 'Login successful', data: { token: 'session-token', user } } };

let api: FakeApi;
let pick: (outcome: PromptOutcome<unknown>) => void;
beforeEach(() => {
  localStorage.clear();
  cancel.mockReset();
  autofill.mockReset();
  autofill.mockImplementation(() => new Promise((resolve) => (pick = resolve)));
  cancel.mockImplementation(() => pick({ ok: false, cancelled: true, message: 'aborted' }));
  api = fakeApi({
    'POST /api/auth/login/passkey/options': () => ({
      body: { status: 'success', data: { attempt: ATTEMPT, options: { challenge: 'xxxx', rpId: 'localhost' } } },
    }),
    'POST /api/auth/login/passkey': () => signedIn,
    'POST /api/auth/login': () => signedIn,
  });
});

test('the e-mail field offers passkeys, and a passkey picked there signs in', async () => {
  const { store } = renderLogin();
  expect(screen.getByLabelText(/^Email/)).toHaveAttribute('autocomplete', 'username webauthn');
  await waitFor(() => expect(autofill).toHaveBeenCalledWith({ challenge: 'xxxx', rpId: 'localhost' }));
  pick({ ok: true, response: ASSERTION });
  await screen.findByText('Dashboard page');
  expect(store.getState().session.token).toBe('session-token');
  expect(api.calls.map((call) => [call.path, call.body])).toEqual([
    ['/api/auth/login/passkey/options', {}],
    ['/api/auth/login/passkey', { attempt: ATTEMPT, response: ASSERTION }],
  ]);
});

test('signing in with the password aborts the waiting request, silently', async () => {
  renderLogin();
  await waitFor(() => expect(autofill).toHaveBeenCalledTimes(1));
  const person = userEvent.setup();
  await person.type(screen.getByLabelText(/^Email/), user.email);
  await person.type(screen.getByLabelText(/^Password/), 'A-password-2026');
  expect(cancel).not.toHaveBeenCalled();
  await person.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByText('Dashboard page');
  expect(cancel).toHaveBeenCalled();
  expect(screen.queryByText('Passkey Not Used')).toBeNull();
  expect(api.calls.map((call) => call.path)).toEqual(['/api/auth/login/passkey/options', '/api/auth/login']);
});

test('leaving the page aborts it too', async () => {
  const { unmount } = renderLogin();
  await waitFor(() => expect(autofill).toHaveBeenCalledTimes(1));
  unmount();
  expect(cancel).toHaveBeenCalledTimes(1);
});
