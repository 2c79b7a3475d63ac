import { signedInResponse } from '@paydesk/shared/schemas/auth';
import { setUserStatus, findUserByEmail } from '../src/users/users-repository';
import { bearer, buildTestApp, login, TEST_PASSWORD, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t?.close());

const postLogin = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

describe('POST /api/auth/login', () => {
  it('answers with the shape of AUTH-02', async () => {
    const response = await postLogin({ email: 'admin@paydesk.test', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = signedInResponse.parse(response.json());
    expect(body).toEqual({
      status: 'success',
      message: expect.any(String),
      data: { token: expect.any(String), user: { id: expect.any(Number), name: 'Alex Admin', role: 'admin', email: 'admin@paydesk.test' } },
    });
    expect(Object.keys(body.data.user).sort()).toEqual(['email', 'id', 'name', 'role']);
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const response = await postLogin({ email: '  SuperAdmin@Paydesk.TEST ', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user.role).toBe('super_admin');
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const wrongPassword = await postLogin({ email: 'admin@paydesk.test', password: 'not-the-password-1' });
    const unknownEmail = await postLogin({ email: 'nobody@paydesk.test', password: 'not-the-password-1' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ status: 'error', message: 'Invalid username or password', code: 'unauthorized' });
    }
    expect(wrongPassword.body).toBe(unknownEmail.body);
  });

  it('refuses a suspended or inactive user, even with the right password, and ends their sessions', async () => {
    const token = await login(t.app, 'viewer@paydesk.test');
    const viewer = await findUserByEmail(t.db, 'viewer@paydesk.test');
    for (const status of ['suspended', 'inactive'] as const) {
      await setUserStatus(t.db, viewer!.id, status);
      const response = await postLogin({ email: 'viewer@paydesk.test', password: TEST_PASSWORD });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        status: 'error',
        message: 'This account is disabled. Please contact an administrator.',
        code: 'unauthorized',
      });
      const me = await t.app.inject({ url: '/api/auth/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    }
    await setUserStatus(t.db, viewer!.id, 'active');
  });

  it('answers 400 with a readable message for invalid input', async () => {
    const badEmail = await postLogin({ email: 'not-an-email', password: 'x' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ status: 'error', message: 'email: Please enter a valid email address', code: 'invalid_request' });

    const missingPassword = await postLogin({ email: 'admin@paydesk.test' });
    expect(missingPassword.statusCode).toBe(400);
    expect(missingPassword.json()).toEqual({ status: 'error', message: expect.stringMatching(/^password: /), code: 'invalid_request' });

    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ status: 'error', message: expect.any(String), code: 'invalid_request' });
  });

  it('creates one session row per sign-in', async () => {
    const before = await t.db.query<{ count: number }>('select count(*) as count from sessions');
    await login(t.app, 'admin@paydesk.test');
    const after = await t.db.query<{ count: number }>('select count(*) as count from sessions');
    expect(after[0]!.count).toBe(before[0]!.count + 1);
  });

  it('never logs the password', async () => {
    await postLogin({ email: 'admin@paydesk.test', password: TEST_PASSWORD });
    expect(JSON.stringify(t.logs.lines)).not.toContain(TEST_PASSWORD);
  });
});
