import type { BuiltInRole } from '@paydesk/shared/roles';
import { findUserByEmail, findUserById, setUserStatus, type UserRecord } from '../src/users/users-repository';
import { LAST_SUPER_ADMIN } from '../src/users/users-policy';
import { buildTestApp, login, type TestApp } from './helper';
import { addUser, editOf, usersApi } from './users-fixtures';

let t: TestApp;
let seeded: UserRecord;
beforeAll(async () => {
  t = await buildTestApp();
  seeded = (await findUserByEmail(t.db, 'superadmin@paydesk.test'))!;
}, 60_000);
afterAll(() => t?.close());

const activeSuperAdmins = async (): Promise<number> =>
  (await t.db.query<{ n: number }>("select count(*)::int as n from users where role = 'super_admin' and status = 'active'"))[0]!.n;

/** Leaves the seeded super_admin as the only active one. */
async function onlySeededSuperAdmin(): Promise<void> {
  await t.db.query("update users set status = 'inactive' where role = 'super_admin' and id <> $1", [seeded.id]);
  expect(await activeSuperAdmins()).toBe(1);
}

describe('the last active super_admin', () => {
  test.each(['admin', 'viewer'] as BuiltInRole[])('cannot demote themselves to %s (409, nothing changed)', async (role) => {
    await onlySeededSuperAdmin();
    const api = usersApi(t.app, await login(t.app, seeded.email));
    const response = await api.update(seeded.id, editOf(seeded, { role }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 'error', message: LAST_SUPER_ADMIN, code: 'conflict' });
    expect((await findUserById(t.db, seeded.id))?.role).toBe('super_admin');
  });

  test('may demote themselves while another super_admin is active', async () => {
    await onlySeededSuperAdmin();
    const other = await addUser(t.db, 'super_admin');
    const api = usersApi(t.app, await login(t.app, other.email));
    expect((await api.update(other.id, editOf(other, { role: 'admin' }))).statusCode).toBe(200);
    expect(await activeSuperAdmins()).toBe(1);
  });

  test('an inactive super_admin does not count: demoting the active one is refused', async () => {
    await onlySeededSuperAdmin();
    const dormant = await addUser(t.db, 'super_admin', 'inactive');
    const api = usersApi(t.app, await login(t.app, seeded.email));
    expect((await api.update(seeded.id, editOf(seeded, { role: 'admin' }))).statusCode).toBe(409);
    // Reactivating the other one is allowed, and then the first may step down.
    expect((await api.update(dormant.id, editOf(dormant, { status: 'active' }))).statusCode).toBe(200);
    expect((await api.update(seeded.id, editOf(seeded, { role: 'admin' }))).statusCode).toBe(200);
    await t.db.query("update users set role = 'super_admin' where id = $1", [seeded.id]);
  });
});

/**
 * Starts requests while this test holds the rows' locks, so they all reach the database before any
 * can finish: without the API's own locking, both would pass the rule on the same snapshot.
 */
async function atOnce<T>(ids: [number, number], start: () => Promise<T>): Promise<T> {
  let locked!: () => void;
  let release!: () => void;
  const lockedNow = new Promise<void>((done) => {
    locked = done;
  });
  const released = new Promise<void>((done) => {
    release = done;
  });
  const holding = t.db.transaction(async (tx) => {
    await tx.query('select id from users where id = $1 or id = $2 for update', ids);
    locked();
    await released;
  });
  await lockedNow;
  // Started here, outside the holding transaction: the requests are other callers, not its own work.
  const started = start();
  await new Promise((resolve) => setTimeout(resolve, 300));
  release();
  await holding;
  return started;
}

describe('concurrent writes keep at least one active super_admin', () => {
  test('two super_admins demoting themselves at the same moment: one succeeds, the other gets 409', async () => {
    await onlySeededSuperAdmin();
    const other = await addUser(t.db, 'super_admin');
    const [a, b] = [usersApi(t.app, await login(t.app, seeded.email)), usersApi(t.app, await login(t.app, other.email))];
    const answers = await atOnce([seeded.id, other.id], () =>
      Promise.all([a.update(seeded.id, editOf(seeded, { role: 'admin' })), b.update(other.id, editOf(other, { role: 'viewer' }))]),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await activeSuperAdmins()).toBe(1);
    await t.db.query("update users set role = 'super_admin' where id = $1", [seeded.id]);
  });

  test('two super_admins deleting each other at the same moment: exactly one is deleted', async () => {
    await onlySeededSuperAdmin();
    const [x, y] = [await addUser(t.db, 'super_admin'), await addUser(t.db, 'super_admin')];
    await setUserStatus(t.db, seeded.id, 'inactive');
    const [asX, asY] = [usersApi(t.app, await login(t.app, x.email)), usersApi(t.app, await login(t.app, y.email))];
    const answers = await atOnce([x.id, y.id], () => Promise.all([asX.remove(y.id), asY.remove(x.id)]));
    const codes = answers.map((r) => r.statusCode).sort();
    // The loser is either refused under the lock (403) or its session already went with its row (401).
    expect(codes[0]).toBe(200);
    expect([401, 403]).toContain(codes[1]);
    expect(await activeSuperAdmins()).toBe(1);
    await setUserStatus(t.db, seeded.id, 'active');
  });

  test('an admin demoted while its request waits cannot finish it', async () => {
    const admin = await addUser(t.db, 'admin');
    const victim = await addUser(t.db, 'viewer');
    const asAdmin = usersApi(t.app, await login(t.app, admin.email));
    const asSuper = usersApi(t.app, await login(t.app, seeded.email));
    const [demotion, removal] = await atOnce([admin.id, victim.id], () =>
      Promise.all([asSuper.update(admin.id, editOf(admin, { role: 'viewer' })), asAdmin.remove(victim.id)]),
    );
    expect(demotion.statusCode).toBe(200);
    // Either the delete ran first (200, victim gone) or it saw the demotion (401/403, victim kept).
    const gone = (await findUserById(t.db, victim.id)) === undefined;
    expect(gone ? [200] : [401, 403]).toContain(removal.statusCode);
  });
});
