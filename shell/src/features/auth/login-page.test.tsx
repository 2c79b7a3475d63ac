import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { renderWithProviders } from '@paydesk/shared/testing/render';
import { LoginPage } from './login-page';

/** AUTH-12: after a correct password, a user with a second factor is asked for a code before any session. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const CHALLENGE = 'c'.repeat(43);
const user = { id: 7, name: 'Tess Totp', role: 'admin', email: 'tess@paydesk.test' };

let fetchSpy: jest.SpyInstance;
let sent: { path: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    const body = JSON.parse(await request.text()) as { code?: string };
    sent.push({ path, body });
    if (path === '/api/auth/login')
      return json(200, {
        status: 'success',
        message: 'Enter your verification code',
        data: { challenge: CHALLENGE, next: 'code', expires_at: new Date().toISOString() },
      });
    if (body.code === '123456')
      return json(200, { status: 'success', message: 'Login successful', data: { token: 'session-token', user } });
    return json(401, { status: 'error', message: 'Invalid verification code', code: 'two_factor_code_invalid' });
  });
});
afterEach(() => fetchSpy.mockRestore());

test('the password step leads to the code step; a wrong code keeps it, the right one signs in', async () => {
  const { store } = renderWithProviders(
    <Routes>
      <Route path="/control/login" element={<LoginPage />} />
      <Route path="/control/dashboard" element={<p>Dashboard page</p>} />
    </Routes>,
    { route: '/control/login' },
  );
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
  expect(sent.map((call) => call.path)).toEqual(['/api/auth/login', '/api/auth/login/two-factor', '/api/auth/login/two-factor']);
  expect(sent[2]!.body).toEqual({ challenge: CHALLENGE, code: '123456' });
});
