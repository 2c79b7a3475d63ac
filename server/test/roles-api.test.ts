import { permissions, type Permission } from '@paydesk/shared/roles';
import { meResponse } from '@paydesk/shared/schemas/auth';
import { permissionsResponse, roleResponse, rolesResponse, type RoleInfo } from '@paydesk/shared/schemas/roles';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, buildTestApp, login, TEST_PASSWORD, type TestApp } from './helper';
import { findUserById } from '../src/users/users-repository';
import { addRole, sessionToken } from './permission-identities';
import { addUser, editOf, uniqueEmail } from './users-fixtures';

/** The roles API and its rules (PERM-01 to PERM-09), on the database the project runs on. */
let t: TestApp;
let superAdmin: Record<string, string>;
let admin: Record<string, string>;
let viewer: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  superAdmin = bearer(await login(t.app, 'superadmin@paydesk.test'));
  admin = bearer(await login(t.app, 'admin@paydesk.test'));
  viewer = bearer(await login(t.app, 'viewer@paydesk.test'));
}, 60_000);
afterAll(() => t?.close());

let serial = 0;
const unique = (label: string) => `${label} ${process.pid} ${(serial += 1)}`;

const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const roles = async (headers: Record<string, string>): Promise<RoleInfo[]> => {
  const response = await call(headers, 'GET', '/api/backend/roles');
  expect(response.statusCode).toBe(200);
  return rolesResponse.parse(response.json()).data;
};
const answer = (response: LightMyRequestResponse) => [response.statusCode, response.json() as unknown];

/** A user of a custom role of `granted`, signed in. */
async function holderOf(granted: readonly Permission[]): Promise<{ id: number; headers: Record<string, string>; role: string }> {
  const role = await addRole(t.db, `r_${process.pid}_${(serial += 1)}`, granted);
  const user = await addUser(t.db, role);
  return { id: user.id, role, headers: bearer(await sessionToken(t, user.id)) };
}

const auditOf = (key: string) =>
  t.db.query<{ action: string; changes: Record<string, { from?: unknown; to?: unknown }> }>(
    "select action, changes from audit_log where target_type = 'role' and target_id = $1 order by id",
    [key],
  );

describe('GET /api/backend/permissions', () => {
  test('lists the whole catalogue to any signed-in user, each with what a person reads and what it implies', async () => {
    const response = await call(viewer, 'GET', '/api/backend/permissions');
    expect(response.statusCode).toBe(200);
    const { data } = permissionsResponse.parse(response.json());
    expect(data.map((entry) => entry.key)).toEqual([...permissions]);
    for (const entry of data) {
      expect([entry.key, entry.label.length > 3, entry.description.endsWith('.'), entry.group.length > 0]).toEqual([
        entry.key,
        true,
        true,
        true,
      ]);
      expect(entry.implies).not.toContain(entry.key);
    }
    expect(data.find((entry) => entry.key === 'transactions.refund')?.implies).toEqual(['transactions.view']);
  });
});

describe('GET /api/backend/roles', () => {
  test('lists the built-in roles first, with their holders, and which ones an admin may give', async () => {
    const list = await roles(admin);
    expect(list.slice(0, 3).map(({ key, built_in, assignable }) => [key, built_in, assignable])).toEqual([
      ['super_admin', true, false],
      ['admin', true, true],
      ['viewer', true, true],
    ]);
    const viewerRole = list.find((role) => role.key === 'viewer');
    expect(viewerRole).toMatchObject({
      name: 'Viewer',
      permissions: ['cards.view', 'dashboard.view', 'disputes.view', 'settings.view', 'transactions.view'],
    });
    expect(viewerRole?.user_count).toBeGreaterThanOrEqual(1);
    expect(list.find((role) => role.key === 'super_admin')?.permissions).toEqual([...permissions].sort());
  });

  test('is refused to a viewer (roles.view comes with users.manage and roles.manage)', async () => {
    expect((await call(viewer, 'GET', '/api/backend/roles')).statusCode).toBe(403);
  });
});

describe('POST /api/backend/roles', () => {
  test('creates a role with a key made from its name and its permissions closed under what they imply, audited', async () => {
    const name = `Support agent ${process.pid}`;
    const response = await call(superAdmin, 'POST', '/api/backend/roles', {
      name,
      description: 'Refunds',
      permissions: ['transactions.refund'],
    });
    expect(response.statusCode).toBe(201);
    const { data } = roleResponse.parse(response.json());
    expect(data).toEqual({
      key: `support_agent_${process.pid}`,
      name,
      description: 'Refunds',
      built_in: false,
      permissions: ['transactions.refund', 'transactions.view'],
      user_count: 0,
      assignable: true,
    });
    expect(await auditOf(data.key)).toEqual([
      {
        action: 'role.created',
        changes: { name: { to: name }, description: { to: 'Refunds' }, permissions: { to: ['transactions.refund', 'transactions.view'] } },
      },
    ]);
  });

  test('never takes a built-in key: a name like one gets the next free key; the key itself is refused', async () => {
    const made = await call(superAdmin, 'POST', '/api/backend/roles', { name: `Super-Admin ${'!'.repeat(3)}`, permissions: [] });
    expect(made.statusCode).toBe(201);
    expect(roleResponse.parse(made.json()).data.key).toBe('super_admin_2');
    const taken = await call(superAdmin, 'POST', '/api/backend/roles', { key: 'viewer', name: unique('Other viewer'), permissions: [] });
    expect(answer(taken)).toEqual([409, { status: 'error', message: 'A role with the key viewer already exists', code: 'role_exists' }]);
  });

  test('refuses a name or key another role has, letter case aside', async () => {
    const name = unique('Duplicate');
    expect((await call(superAdmin, 'POST', '/api/backend/roles', { key: 'dup_role', name, permissions: [] })).statusCode).toBe(201);
    const sameName = await call(superAdmin, 'POST', '/api/backend/roles', { name: name.toUpperCase(), permissions: [] });
    expect(sameName.json()).toEqual({ status: 'error', message: `A role named ${name.toUpperCase()} already exists`, code: 'role_exists' });
    const sameKey = await call(superAdmin, 'POST', '/api/backend/roles', { key: 'dup_role', name: unique('Another'), permissions: [] });
    expect([sameKey.statusCode, sameKey.json().code]).toEqual([409, 'role_exists']);
    const builtInName = await call(superAdmin, 'POST', '/api/backend/roles', { name: 'admin', permissions: [] });
    expect([builtInName.statusCode, builtInName.json().message]).toEqual([409, 'A role named admin already exists']);
  });

  test('refuses an unknown permission by name, and a malformed key', async () => {
    const unknown = await call(superAdmin, 'POST', '/api/backend/roles', {
      name: unique('Bad'),
      permissions: ['cards.view', 'cards.shred'],
    });
    expect(unknown.json()).toEqual({ status: 'error', message: 'permissions: Unknown permission: cards.shred', code: 'invalid_request' });
    const badKey = await call(superAdmin, 'POST', '/api/backend/roles', { key: 'Bad Key', name: unique('Bad'), permissions: [] });
    expect(badKey.statusCode).toBe(400);
  });

  test('an admin holds no roles.manage; a role manager makes no role holding more than they hold', async () => {
    expect((await call(admin, 'POST', '/api/backend/roles', { name: unique('By admin'), permissions: [] })).statusCode).toBe(403);
    const manager = await holderOf(['roles.manage', 'cards.view']);
    const wider = await call(manager.headers, 'POST', '/api/backend/roles', { name: unique('Wider'), permissions: ['cards.manage'] });
    expect(wider.json()).toEqual({
      status: 'error',
      message: 'A role may only hold permissions that you hold yourself',
      code: 'role_exceeds_actor',
    });
    const within = await call(manager.headers, 'POST', '/api/backend/roles', { name: unique('Within'), permissions: ['cards.view'] });
    expect(within.statusCode).toBe(201);
    // Without users.manage, no role is theirs to give.
    expect((await roles(manager.headers)).filter((role) => role.assignable)).toEqual([]);
  });
});

describe('PUT and DELETE /api/backend/roles/{key}', () => {
  test('replaces a role, audited with its permissions before and after', async () => {
    const key = await addRole(t.db, 'to_edit', ['cards.view']);
    const response = await call(superAdmin, 'PUT', `/api/backend/roles/${key}`, {
      name: 'Edited',
      permissions: ['cards.manage', 'wallet.view'],
    });
    expect(response.statusCode).toBe(200);
    expect(roleResponse.parse(response.json()).data).toMatchObject({
      key,
      name: 'Edited',
      description: '',
      permissions: ['cards.manage', 'cards.view', 'wallet.view'],
    });
    expect(await auditOf(key)).toEqual([
      {
        action: 'role.updated',
        changes: {
          name: { from: 'to_edit', to: 'Edited' },
          permissions: { from: ['cards.view'], to: ['cards.manage', 'cards.view', 'wallet.view'] },
        },
      },
    ]);
  });

  test.each(['super_admin', 'admin', 'viewer'])('refuses to change or delete the built-in role %s', async (key) => {
    const put = await call(superAdmin, 'PUT', `/api/backend/roles/${key}`, { name: 'Mine', permissions: [] });
    const remove = await call(superAdmin, 'DELETE', `/api/backend/roles/${key}`);
    for (const response of [put, remove]) {
      expect(response.json()).toEqual({ status: 'error', message: 'Built-in roles cannot be changed or deleted', code: 'role_built_in' });
      expect(response.statusCode).toBe(409);
    }
  });

  test('answers 404 for a role that does not exist', async () => {
    expect((await call(superAdmin, 'PUT', '/api/backend/roles/no_such_role', { name: 'X', permissions: [] })).statusCode).toBe(404);
    expect((await call(superAdmin, 'DELETE', '/api/backend/roles/no_such_role')).statusCode).toBe(404);
  });

  test('a role manager neither widens, nor narrows, nor deletes a role holding more than they hold', async () => {
    const manager = await holderOf(['roles.manage', 'cards.view']);
    const key = await addRole(t.db, unique('Refunder').toLowerCase().replace(/\W+/g, '_'), ['transactions.refund']);
    const narrow = await call(manager.headers, 'PUT', `/api/backend/roles/${key}`, { name: 'Narrowed', permissions: [] });
    const remove = await call(manager.headers, 'DELETE', `/api/backend/roles/${key}`);
    const own = await call(manager.headers, 'PUT', `/api/backend/roles/${manager.role}`, {
      name: unique('Mine'),
      permissions: ['roles.manage', 'cards.manage'],
    });
    expect([narrow, remove, own].map((r) => [r.statusCode, r.json().code])).toEqual([
      [403, 'role_exceeds_actor'],
      [403, 'role_exceeds_actor'],
      [403, 'role_exceeds_actor'],
    ]);
  });

  test('refuses to delete a role in use, saying how many hold it; deletes it once nobody does, audited', async () => {
    const key = await addRole(t.db, 'in_use', ['cards.view'], 'In use');
    const holder = await addUser(t.db, key);
    const refused = await call(superAdmin, 'DELETE', `/api/backend/roles/${key}`);
    expect(answer(refused)).toEqual([
      409,
      { status: 'error', message: 'In use is held by 1 user: give them another role before deleting it', code: 'role_in_use' },
    ]);
    expect((await call(superAdmin, 'PUT', `/api/backend/users/${holder.id}`, editOf(holder, { role: 'viewer' }))).statusCode).toBe(200);
    expect((await call(superAdmin, 'DELETE', `/api/backend/roles/${key}`)).statusCode).toBe(204);
    expect((await auditOf(key)).map(({ action, changes }) => [action, changes.permissions])).toEqual([
      ['role.deleted', { from: ['cards.view'] }],
    ]);
  });

  test('the database itself keeps every user with an existing role, and the built-in roles as they are', async () => {
    const key = await addRole(t.db, 'held_in_db', []);
    await addUser(t.db, key);
    await expect(t.db.query('delete from roles where key = $1', [key])).rejects.toMatchObject({ code: '23503' });
    await expect(t.db.query("update users set role = 'no_such_role' where role = $1", [key])).rejects.toMatchObject({ code: '23503' });
    await expect(t.db.query("update roles set permissions = '{audit.view}' where key = 'viewer'")).rejects.toMatchObject({ code: '23514' });
    await expect(t.db.query("delete from roles where key = 'admin'")).rejects.toMatchObject({ code: '23514' });
  });
});

describe('races: the database has the last word', () => {
  const dangling = async () =>
    (await t.db.query<{ n: number }>('select count(*)::int as n from users u left join roles r on r.key = u.role where r.key is null'))[0]
      ?.n;

  test('deleting a role while a user is given it: one wins, and no user is left with a missing role', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const key = await addRole(t.db, `race_${process.pid}_${round}`, ['cards.view']);
      const user = await addUser(t.db, 'viewer');
      const assign = () => call(superAdmin, 'PUT', `/api/backend/users/${user.id}`, editOf(user, { role: key }));
      const remove = () => call(superAdmin, 'DELETE', `/api/backend/roles/${key}`);
      // Each order of arrival in turn.
      const [assigned, removed] =
        round % 2 === 0 ? await Promise.all([assign(), remove()]) : (await Promise.all([remove(), assign()])).reverse();
      if (!assigned || !removed) throw new Error('a call gave no answer');
      const outcome = `assign ${assigned.statusCode}, delete ${removed.statusCode}`;
      outcomes.add(outcome);
      expect(['assign 200, delete 409', 'assign 400, delete 204']).toContain(outcome);
      const [row] = await t.db.query<{ role: string }>('select role from users where id = $1', [user.id]);
      expect(row?.role).toBe(assigned.statusCode === 200 ? key : 'viewer');
      expect(await dangling()).toBe(0);
    }
    console.info(`role delete × assign race: ${[...outcomes].join('; ')}`);
  });

  test('two deletes of one role at once: one deletes it, the other finds nothing', async () => {
    const key = await addRole(t.db, `twice_${process.pid}`, []);
    const answers = await Promise.all([1, 2].map(() => call(superAdmin, 'DELETE', `/api/backend/roles/${key}`)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 404]);
  });

  test('two users given one role while it is deleted: the delete waits for neither and leaves no dangling role', async () => {
    const key = await addRole(t.db, `crowd_${process.pid}`, []);
    const users = [await addUser(t.db, 'viewer'), await addUser(t.db, 'viewer')];
    const answers = await Promise.all([
      ...users.map((user) => call(superAdmin, 'PUT', `/api/backend/users/${user.id}`, editOf(user, { role: key }))),
      call(superAdmin, 'DELETE', `/api/backend/roles/${key}`),
    ]);
    const assigned = answers.slice(0, 2).filter((answer) => answer.statusCode === 200).length;
    expect(answers[2]?.statusCode).toBe(assigned > 0 ? 409 : 204);
    expect(await dangling()).toBe(0);
  });
});

describe('a custom role of exactly {transactions.view}', () => {
  test('reads transactions with 10 % / 90 % figures and nothing else; a change of its permissions counts at the next request', async () => {
    const reader = await holderOf(['transactions.view']);
    const me = meResponse.parse((await call(reader.headers, 'GET', '/api/auth/me')).json()).data;
    expect([me.role, me.permissions]).toEqual([reader.role, ['transactions.view']]);
    const list = await call(reader.headers, 'GET', '/api/backend/all-transactions?page=1&per_page=10');
    expect(list.statusCode).toBe(200);
    for (const row of (list.json() as { data: { data: { payment_amount: string; fee_amount: string }[] } }).data.data) {
      expect(Number(row.fee_amount)).toBeCloseTo(Number(row.payment_amount) * 0.1, 2);
    }
    for (const url of ['/api/backend/total-revenue', '/api/backend/users', '/api/backend/roles', '/api/backend/cards?page=1&per_page=10']) {
      expect([url, (await call(reader.headers, 'GET', url)).statusCode]).toEqual([url, 403]);
    }

    // The same session, no new sign-in: the role's new permissions count from the next request.
    const edited = await call(superAdmin, 'PUT', `/api/backend/roles/${reader.role}`, {
      name: unique('Reader'),
      permissions: ['transactions.view', 'dashboard.view', 'figures.real'],
    });
    expect(edited.statusCode).toBe(200);
    expect((await call(reader.headers, 'GET', '/api/backend/total-revenue')).statusCode).toBe(200);
    const real = await call(reader.headers, 'GET', '/api/backend/all-transactions?page=1&per_page=10');
    const rows = (real.json() as { data: { data: { payment_amount: string; fee_amount: string }[] } }).data.data;
    expect(rows.some((row) => Math.abs(Number(row.fee_amount) - Number(row.payment_amount) * 0.1) > 0.011)).toBe(true);

    // The user's role changed in the table: the next request holds the new role's permissions.
    await t.db.query("update users set role = 'viewer' where id = $1", [reader.id]);
    const after = meResponse.parse((await call(reader.headers, 'GET', '/api/auth/me')).json()).data;
    expect([after.role, after.role_name]).toEqual(['viewer', 'Viewer']);
    expect((await call(reader.headers, 'GET', '/api/backend/cards?page=1&per_page=10')).statusCode).toBe(200);
  });
});

describe('users of any role, by the subset rule', () => {
  test('a user manager gives only roles within their own permissions, never raises themselves, and is told of an unknown role', async () => {
    const readerRole = await addRole(t.db, `reader_${process.pid}`, ['transactions.view'], unique('Reader'));
    const keeper = await holderOf(['users.manage', 'transactions.view']);
    const create = (role: string) =>
      call(keeper.headers, 'POST', '/api/backend/users', {
        name: 'Kept',
        email: uniqueEmail('kept'),
        password: TEST_PASSWORD,
        role,
        status: 'active',
      });
    expect((await create(readerRole)).statusCode).toBe(201);
    expect(answer(await create('viewer'))).toEqual([
      403,
      { status: 'error', message: 'Your role cannot manage Viewer accounts', code: 'forbidden' },
    ]);
    expect((await create('no_such_role')).json()).toEqual({
      status: 'error',
      message: 'role: there is no role no_such_role',
      code: 'invalid_request',
    });
    const self = await findUserById(t.db, keeper.id);
    if (!self) throw new Error('the keeper vanished');
    const raise = await call(keeper.headers, 'PUT', `/api/backend/users/${keeper.id}`, editOf(self, { role: 'admin' }));
    expect([raise.statusCode, raise.json().message]).toEqual([403, 'Your role cannot manage Admin accounts']);
    const assignable = (await roles(keeper.headers)).filter((role) => role.assignable).map((role) => role.key);
    expect(assignable).toEqual(expect.arrayContaining([readerRole, keeper.role]));
    expect(assignable).not.toEqual(expect.arrayContaining(['viewer']));
  });

  test('resetting a second factor, too, reaches only users whose role holds nothing more than the actor', async () => {
    const resetter = await holderOf(['users.reset_two_factor']);
    const adminUser = await addUser(t.db, 'admin');
    const refused = await call(resetter.headers, 'DELETE', `/api/backend/users/${adminUser.id}/two-factor`);
    expect(answer(refused)).toEqual([
      403,
      { status: 'error', message: 'Your role cannot reset the second factor of Admin accounts', code: 'forbidden' },
    ]);
    const plain = await addUser(t.db, await addRole(t.db, `plain_${process.pid}`, ['users.view']));
    expect((await call(resetter.headers, 'DELETE', `/api/backend/users/${plain.id}/two-factor`)).statusCode).toBe(200);
  });
});
