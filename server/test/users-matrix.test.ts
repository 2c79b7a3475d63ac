import { errorCodeFor } from '@paydesk/shared/schemas/common';
import type { BuiltInRole } from '@paydesk/shared/roles';
import { findUserById } from '../src/users/users-repository';
import { buildTestApp, login, type TestApp } from './helper';
import { addUser, countUsers, editOf, STRONG_PASSWORD, uniqueEmail, userExists, usersApi } from './users-fixtures';

/**
 * ROLE-06 (USR-09): "users: list, add, edit, delete": super_admin "every role", admin "admin and
 * viewer accounts", viewer "no". One row per actor and target role; "promote" makes a viewer
 * account the target role.
 */
const matrix: readonly [actor: BuiltInRole, target: BuiltInRole, create: number, update: number, remove: number, promote: number][] = [
  ['super_admin', 'super_admin', 201, 200, 200, 200],
  ['super_admin', 'admin', /*  */ 201, 200, 200, 200],
  ['super_admin', 'viewer', /* */ 201, 200, 200, 200],
  ['admin', /*  */ 'super_admin', 403, 403, 403, 403],
  ['admin', /*  */ 'admin', /*  */ 201, 200, 200, 200],
  ['admin', /*  */ 'viewer', /* */ 201, 200, 200, 200],
  ['viewer', /* */ 'super_admin', 403, 403, 403, 403],
  ['viewer', /* */ 'admin', /*  */ 403, 403, 403, 403],
  ['viewer', /* */ 'viewer', /* */ 403, 403, 403, 403],
];

const accounts: Record<BuiltInRole, string> = {
  super_admin: 'superadmin@paydesk.test',
  admin: 'admin@paydesk.test',
  viewer: 'viewer@paydesk.test',
};

let t: TestApp;
const tokens = {} as Record<BuiltInRole, string>;
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of Object.keys(accounts) as BuiltInRole[]) tokens[role] = await login(t.app, accounts[role]);
}, 60_000);
afterAll(() => t?.close());

const expectAnswer = (response: { statusCode: number; json(): unknown }, status: number) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual(
    status < 300
      ? { status: 'success', message: expect.any(String) }
      : { status: 'error', message: expect.any(String), code: errorCodeFor(status) },
  );
};

describe.each(matrix)('%s acting on a %s account', (actor, target, create, update, remove, promote) => {
  test(`create → ${create}`, async () => {
    const before = await countUsers(t.db);
    const email = uniqueEmail('created');
    const response = await usersApi(t.app, tokens[actor]).create({
      name: 'Created',
      email,
      password: STRONG_PASSWORD,
      role: target,
      status: 'active',
    });
    expectAnswer(response, create);
    expect(await countUsers(t.db)).toBe(create === 201 ? before + 1 : before);
  });

  test(`update → ${update}`, async () => {
    const user = await addUser(t.db, target);
    const response = await usersApi(t.app, tokens[actor]).update(user.id, editOf(user, { name: 'Renamed' }));
    expectAnswer(response, update);
    expect((await findUserById(t.db, user.id))?.name).toBe(update === 200 ? 'Renamed' : user.name);
  });

  test(`delete → ${remove}`, async () => {
    const user = await addUser(t.db, target);
    expectAnswer(await usersApi(t.app, tokens[actor]).remove(user.id), remove);
    expect(await userExists(t.db, user.id)).toBe(remove !== 200);
  });

  test(`promote a viewer to ${target} → ${promote}`, async () => {
    const user = await addUser(t.db, 'viewer');
    expectAnswer(await usersApi(t.app, tokens[actor]).update(user.id, editOf(user, { role: target })), promote);
    expect((await findUserById(t.db, user.id))?.role).toBe(promote === 200 ? target : 'viewer');
  });
});

describe('GET /api/backend/users by role', () => {
  test.each([
    ['super_admin', 200],
    ['admin', 200],
    ['viewer', 403],
  ] as const)('%s → %i', async (actor, status) => {
    const response = await usersApi(t.app, tokens[actor]).list();
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json()).toEqual({ status: 'error', message: 'Forbidden', code: 'forbidden' });
  });

  test('without a token every user call is 401', async () => {
    const user = await addUser(t.db, 'viewer');
    const anonymous = usersApi(t.app, 'not-a-token');
    for (const response of [
      await anonymous.list(),
      await anonymous.create({}),
      await anonymous.update(user.id, {}),
      await anonymous.remove(user.id),
    ]) {
      expect(response.statusCode).toBe(401);
    }
  });
});
