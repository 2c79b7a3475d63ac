import { adminUser, usersResponse } from '@paydesk/shared/schemas/user';
import { findUserByEmail, findUserById } from '../src/users/users-repository';
import { DUPLICATE_EMAIL, SELF_DEACTIVATE, SELF_DELETE } from '../src/users/users-policy';
import { buildTestApp, login, TEST_PASSWORD, type TestApp } from './helper';
import { addUser, countUsers, editOf, me, STRONG_PASSWORD, uniqueEmail, usersApi } from './users-fixtures';

let t: TestApp;
let superAdmin: ReturnType<typeof usersApi>;
beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = usersApi(t.app, await login(t.app, 'superadmin@paydesk.test'));
}, 60_000);
afterAll(() => t?.close());

const PASSWORD_RULE = 'password: Password must be at least 12 characters and contain letters and digits';

describe('GET /api/backend/users', () => {
  test('answers {data: [users]} with no password in any form', async () => {
    const response = await superAdmin.list();
    expect(response.statusCode).toBe(200);
    const { data } = usersResponse.parse(response.json());
    expect(data.map((u) => u.email)).toEqual(
      expect.arrayContaining(['superadmin@paydesk.test', 'admin@paydesk.test', 'viewer@paydesk.test']),
    );
    for (const user of response.json().data as object[]) expect(Object.keys(user).sort()).toEqual(Object.keys(adminUser.shape).sort());
    expect(response.body).not.toMatch(/password|argon2/i);
  });
});

describe('POST /api/backend/users', () => {
  test('adds a viewer, active by default, with a hashed password that signs in', async () => {
    const email = uniqueEmail('Added').toUpperCase();
    const response = await superAdmin.create({ name: 'Added User', email, password: STRONG_PASSWORD });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'success', message: 'User created successfully' });
    const stored = await findUserByEmail(t.db, email);
    expect(stored).toMatchObject({ name: 'Added User', email: email.toLowerCase(), role: 'viewer', status: 'active' });
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await login(t.app, email, STRONG_PASSWORD)).toEqual(expect.any(String));
  });

  test.each(['ADMIN@paydesk.test', 'admin@PAYDESK.TEST', ' admin@paydesk.test '])(
    'refuses the taken e-mail %j with 409 and adds nothing',
    async (email) => {
      const before = await countUsers(t.db);
      const response = await superAdmin.create({ name: 'Copy', email, password: STRONG_PASSWORD, role: 'viewer', status: 'active' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ status: 'error', message: DUPLICATE_EMAIL, code: 'conflict' });
      expect(await countUsers(t.db)).toBe(before);
    },
  );

  test.each(['Short-1', 'no-digits-in-this-one', '123456789012345', ''])(
    'refuses the weak password %j with 400 and adds nothing',
    async (password) => {
      const before = await countUsers(t.db);
      const response = await superAdmin.create({ name: 'Weak', email: uniqueEmail('weak'), password, role: 'viewer', status: 'active' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 'error', message: PASSWORD_RULE, code: 'invalid_request' });
      expect(await countUsers(t.db)).toBe(before);
    },
  );

  test('refuses a missing name and a bad e-mail with readable messages', async () => {
    const noName = await superAdmin.create({ name: ' ', email: uniqueEmail('x'), password: STRONG_PASSWORD });
    expect(noName.json()).toEqual({ status: 'error', message: 'name: Name is required', code: 'invalid_request' });
    const badEmail = await superAdmin.create({ name: 'X', email: 'not-an-email', password: STRONG_PASSWORD });
    expect(badEmail.json()).toEqual({ status: 'error', message: 'email: Please enter a valid email address', code: 'invalid_request' });
  });
});

describe('PUT /api/backend/users/:id', () => {
  test("refuses another user's e-mail (any case) with 409 and changes nothing", async () => {
    const user = await addUser(t.db, 'viewer');
    const response = await superAdmin.update(user.id, editOf(user, { name: 'Changed', email: 'Viewer@Paydesk.Test' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'error', message: DUPLICATE_EMAIL, code: 'conflict' });
    expect(await findUserById(t.db, user.id)).toEqual(user);
  });

  test('refuses a weak new password with 400 and changes nothing', async () => {
    const user = await addUser(t.db, 'viewer');
    const response = await superAdmin.update(user.id, { ...editOf(user, { name: 'Changed' }), password: 'weak' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', message: PASSWORD_RULE, code: 'invalid_request' });
    expect(await findUserById(t.db, user.id)).toEqual(user);
  });

  test('an empty password value keeps the password, and the session', async () => {
    const user = await addUser(t.db, 'viewer');
    const token = await login(t.app, user.email);
    expect((await superAdmin.update(user.id, { ...editOf(user, { name: 'Same Password' }), password: '' })).statusCode).toBe(200);
    expect((await me(t.app, token)).statusCode).toBe(200);
    expect(await login(t.app, user.email, TEST_PASSWORD)).toEqual(expect.any(String));
  });

  test.each(['suspended', 'inactive'] as const)("setting %s ends the user's sessions: the old token gets 401", async (status) => {
    const user = await addUser(t.db, 'admin');
    const token = await login(t.app, user.email);
    expect((await superAdmin.update(user.id, editOf(user, { status }))).statusCode).toBe(200);
    expect((await me(t.app, token)).statusCode).toBe(401);
    // Even back to active, the old session stays ended.
    expect((await superAdmin.update(user.id, editOf(user, { status: 'active' }))).statusCode).toBe(200);
    expect((await me(t.app, token)).statusCode).toBe(401);
  });

  test("a role change keeps the user's sessions and counts from their next call, either way", async () => {
    const user = await addUser(t.db, 'viewer');
    const token = await login(t.app, user.email);
    const users = { url: '/api/backend/users', headers: { authorization: `Bearer ${token}` } };
    expect((await t.app.inject(users)).statusCode).toBe(403);
    expect((await superAdmin.update(user.id, editOf(user, { role: 'admin' }))).statusCode).toBe(200);
    expect((await me(t.app, token)).json().data).toMatchObject({ role: 'admin', role_name: 'Admin' });
    expect((await t.app.inject(users)).statusCode).toBe(200);
    expect((await superAdmin.update(user.id, editOf(user, { role: 'viewer' }))).statusCode).toBe(200);
    expect((await t.app.inject(users)).statusCode).toBe(403);
  });

  test("a password reset ends the user's sessions; only the new password signs in", async () => {
    const user = await addUser(t.db, 'viewer');
    const token = await login(t.app, user.email);
    expect((await superAdmin.update(user.id, { ...editOf(user), password: STRONG_PASSWORD })).statusCode).toBe(200);
    expect((await me(t.app, token)).statusCode).toBe(401);
    await expect(login(t.app, user.email, TEST_PASSWORD)).rejects.toThrow();
    expect(await login(t.app, user.email, STRONG_PASSWORD)).toEqual(expect.any(String));
  });

  test('a change of name or e-mail keeps the sessions', async () => {
    const user = await addUser(t.db, 'viewer');
    const token = await login(t.app, user.email);
    expect((await superAdmin.update(user.id, editOf(user, { name: 'New Name', email: uniqueEmail('moved') }))).statusCode).toBe(200);
    expect((await me(t.app, token)).json().data.name).toBe('New Name');
  });

  test.each([
    ['an unknown id', 404, 99_999, 'User not found', 'not_found'],
    ['a non-numeric id', 400, 'abc', expect.stringMatching(/^id: /), 'invalid_request'],
    ['an id beyond the column', 400, 99_999_999_999, expect.stringMatching(/^id: /), 'invalid_request'],
  ])('answers %s with %i', async (_case, status, id, message, code) => {
    const user = await addUser(t.db, 'viewer');
    const response = await superAdmin.update(id, editOf(user));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ status: 'error', message, code });
    expect((await superAdmin.remove(id)).statusCode).toBe(status);
  });
});

describe('nobody removes or disables themselves', () => {
  test.each(['super_admin', 'admin'] as const)('a %s cannot delete, deactivate or suspend their own account', async (role) => {
    const self = await addUser(t.db, role);
    const api = usersApi(t.app, await login(t.app, self.email));
    const remove = await api.remove(self.id);
    expect(remove.statusCode).toBe(403);
    expect(remove.json()).toEqual({ status: 'error', message: SELF_DELETE, code: 'forbidden' });
    for (const status of ['inactive', 'suspended'] as const) {
      const response = await api.update(self.id, editOf(self, { status }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: 'error', message: SELF_DEACTIVATE, code: 'forbidden' });
    }
    expect(await findUserById(t.db, self.id)).toEqual(self);
  });
});
