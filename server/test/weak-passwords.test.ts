import { REPEATED_PASSWORD, SPACES_PASSWORD } from '@paydesk/shared/schemas/password';
import { DEMO_PASSWORD } from '../src/demo-password';
import { findUserById } from '../src/users/users-repository';
import { buildTestApp, login, type TestApp } from './helper';
import { addUser, countUsers, editOf, uniqueEmail, usersApi } from './users-fixtures';

/**
 * AUTH-16: a password mostly of one character, one with fewer than 12 characters besides
 * whitespace, and (outside demo mode) the published demo password are refused wherever a staff
 * password is set through the API.
 */
let t: TestApp;
let superAdmin: ReturnType<typeof usersApi>;
beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = usersApi(t.app, await login(t.app, 'superadmin@paydesk.test'));
}, 60_000);
afterAll(() => t?.close());

const refusal = (message: string) => ({ status: 'error', message: `password: ${message}`, code: 'invalid_request' });
const DEMO_REFUSED = 'This is the published demo password. Please choose one that only you know';

test.each([
  ['one character repeated', 'aaaaaaaaaaa1', REPEATED_PASSWORD],
  ['eleven spaces and a1', '           a1', SPACES_PASSWORD],
  ['the published demo password', DEMO_PASSWORD, DEMO_REFUSED],
  ['the published demo password in another letter case', DEMO_PASSWORD.toLowerCase(), DEMO_REFUSED],
])('adding a user with %s is refused with 400, adding nothing', async (_case, password, message) => {
  const before = await countUsers(t.db);
  const response = await superAdmin.create({ name: 'Weak', email: uniqueEmail('weak'), password });
  expect([response.statusCode, response.json()]).toEqual([400, refusal(message)]);
  expect(await countUsers(t.db)).toBe(before);
});

test('a password reset to any of them is refused and changes nothing', async () => {
  const user = await addUser(t.db, 'viewer');
  for (const [password, message] of [
    ['aaaaaaaaaaa1', REPEATED_PASSWORD],
    ['           a1', SPACES_PASSWORD],
    [DEMO_PASSWORD, DEMO_REFUSED],
  ] as const) {
    const response = await superAdmin.update(user.id, { ...editOf(user), password });
    expect([response.statusCode, response.json()]).toEqual([400, refusal(message)]);
    expect(await findUserById(t.db, user.id)).toEqual(user);
  }
  // An edit without a password is untouched by the rule.
  expect((await superAdmin.update(user.id, editOf(user, { name: 'Renamed' }))).statusCode).toBe(200);
});

describe('in demo mode', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await buildTestApp({ PAYDESK_MODE: 'demo', FRONTENDS_DIR: '/nonexistent' });
  }, 60_000);
  afterAll(() => demo?.close());

  test('the demo password is what every account has, and may be given to a new one; the other rules stay', async () => {
    const api = usersApi(demo.app, await login(demo.app, 'superadmin@paydesk.test'));
    expect((await api.create({ name: 'Demo', email: uniqueEmail('demo'), password: DEMO_PASSWORD })).statusCode).toBe(201);
    const weak = await api.create({ name: 'Weak', email: uniqueEmail('weak'), password: 'aaaaaaaaaaa1' });
    expect([weak.statusCode, weak.json()]).toEqual([400, refusal(REPEATED_PASSWORD)]);
  });
});
