import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from '@paydesk/shared/testing/fake-api';
import { renderLogin } from './testing/render-login';

/** AUTH-12: after a correct password, a user with a second factor is asked for a code before any session. */
const CHALLENGE = 'c'.repeat(43);
const user = { id: 7, name: 'Tess Totp', role: 'admin', email: 'tess@paydesk.test' };

let api: FakeApi;
beforeEach(() => {
  api = fakeApi({
    'POST /api/auth/login': () => ({
      body: {
        status: 'success',
        message: 'Enter your verification code',
        data: { challenge: CHALLENGE, next: 'code', expires_at: new Date().toISOString(), factors: ['code'] },
      },
    }),
    'POST /api/auth/login/two-factor': ({ body }) =>
      (body as { code?: string }).code === '123456'
        ? { body: { status: 'success', message: 'Login successful', data: { token: 'session-token', user } } }
        : { status: 401, body: { status: 'error', message: 'Invalid verification code', code: 'two_factor_code_invalid' } },
  });
});

test('the password step leads to the code step; a wrong code keeps it, the right one signs in', async () => {
  const { store } = renderLogin();
  const person = userEvent.setup();
  await person.type(screen.getByLabelText(/^Email/), 'tess@paydesk.test');
  await person.type(screen.getByLabelText(/^Password/), 'A-password-2026');
  await person.click(screen.getByRole('button', { name: 'Sign In' }));

  const code = await screen.findByLabelText(/^Verification code/);
  expect(store.getState().session.token).toBeNull();
  await person.type(code, '000000');
  await person.click(screen.getByRole('button', { name: 'Verify' }));
  await screen.findByText('Invalid verification code');
  expect(store.getState().session.token).toBeNull();

  await person.clear(code);
  await person.type(code, '123456');
  await person.click(screen.getByRole('button', { name: 'Verify' }));
  await screen.findByText('Dashboard page');
  expect(store.getState().session.token).toBe('session-token');
  expect(api.calls.map((call) => call.path)).toEqual(['/api/auth/login', '/api/auth/login/two-factor', '/api/auth/login/two-factor']);
  expect(api.calls[2]!.body).toEqual({ challenge: CHALLENGE, code: '123456' });
});
