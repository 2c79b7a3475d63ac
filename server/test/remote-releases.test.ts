import { bearer, buildTestApp, login, type TestApp } from './helper';
import { publishRemote, reportsArea, type PublishedRemote } from './published-remote';
import { registryClient } from './registry-client';

/**
 * The release registry: a team releases a version of its remote by the URL of its published
 * folder, in a super_admin's session or with its deploy token; the gate checks it before it is
 * stored; a super_admin promotes it and rolls it back; /remotes.json serves the live release, and
 * every change is in the audit trail. Canaries and reports: remote-canaries.test.ts.
 */
let t: TestApp;
let superAdmin: Record<string, string>;
let published: PublishedRemote;
let registry: ReturnType<typeof registryClient>;
beforeAll(async () => {
  t = await buildTestApp({ PAYDESK_MODE: 'demo', FRONTENDS_DIR: '/nonexistent' });
  superAdmin = bearer(await login(t.app, 'superadmin@paydesk.test'));
  published = await publishRemote();
  registry = registryClient(t, superAdmin);
});
afterAll(async () => {
  await published.close();
  await t.close();
});

const post: ReturnType<typeof registryClient>['post'] = (...args) => registry.post(...args);
const release = (version: string, entry = published.url, remote = 'mf_reports') => registry.release(version, entry, remote);
const remotesJson = () => registry.remotesJson();
const historyOf = (name: string) => registry.historyOf(name);

test('a release passes the gate and is stored with its integrity, not yet live', async () => {
  const response = await release('1.0.0');
  expect(response.statusCode).toBe(201);
  const { data } = response.json() as { data: Record<string, unknown> };
  expect(data).toMatchObject({ remote: 'mf_reports', version: '1.0.0', entry: `${published.url}remoteEntry.js`, status: 'available' });
  expect(data.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
  expect((await remotesJson()).map(({ name }) => name)).not.toContain('mf_reports');
});

test('promoted, it is what /remotes.json serves, areas and integrity', async () => {
  expect((await post('/mf_reports/releases/1.0.0/promote')).statusCode).toBe(200);
  expect(await remotesJson()).toContainEqual({
    name: 'mf_reports',
    version: '1.0.0',
    entry: `${published.url}remoteEntry.js`,
    areas: [reportsArea],
    // The browser checks the entry against the hash the gate recorded.
    integrity: expect.stringMatching(/^sha384-[A-Za-z0-9+/]{64}$/),
  });
  expect((await historyOf('mf_reports'))?.live?.version).toBe('1.0.0');
});

test('a rollback returns to the release live before; with none before it, 409 no_previous_release', async () => {
  await release('1.1.0');
  await post('/mf_reports/releases/1.1.0/promote');
  expect((await remotesJson()).find(({ name }) => name === 'mf_reports')?.version).toBe('1.1.0');
  const rolled = await post('/mf_reports/rollback');
  expect(rolled.statusCode).toBe(200);
  expect((rolled.json() as { data: { version: string } }).data.version).toBe('1.0.0');
  expect((await remotesJson()).find(({ name }) => name === 'mf_reports')?.version).toBe('1.0.0');
  expect((await historyOf('mf_reports'))?.releases.map(({ version, status }) => [version, status])).toEqual([
    ['1.1.0', 'rolled_back'],
    ['1.0.0', 'live'],
  ]);
  const none = await post('/mf_reports/rollback');
  expect([none.statusCode, (none.json() as { code: string }).code]).toEqual([409, 'no_previous_release']);
});

test('the same version twice is a 409; two releases at once of one remote are both kept, or one is a 409', async () => {
  const again = await release('1.0.0');
  expect([again.statusCode, (again.json() as { code: string }).code]).toEqual([409, 'release_exists']);
  const [a, b] = await Promise.all([release('2.0.0'), release('2.0.1')]);
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  const same = await Promise.all([release('3.0.0'), release('3.0.0')]);
  expect(same.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  const versions = (await historyOf('mf_reports'))?.releases.map(({ version }) => version);
  expect(versions?.filter((version) => version === '3.0.0')).toHaveLength(1);
  expect(versions).toEqual(expect.arrayContaining(['2.0.0', '2.0.1']));
});

test('a refused release answers 422 release_refused naming what failed, and is recorded with its reason', async () => {
  const other = await publishRemote({ name: 'mf_other' });
  const response = await release('7.0.0', other.url, 'mf_reports');
  await other.close();
  expect(response.statusCode).toBe(422);
  expect(response.json()).toMatchObject({
    code: 'release_refused',
    message: expect.stringContaining('names the container mf_other, not mf_reports'),
  });
  const refused = (await historyOf('mf_reports'))?.releases.filter(({ status }) => status === 'refused');
  expect(refused).toMatchObject([{ version: '7.0.0', status: 'refused', reason: expect.stringContaining('mf_other') }]);
  expect((await historyOf('mf_reports'))?.live?.version).toBe('1.0.0');
  // Refused, the version may be released again once its folder is right.
  expect((await release('7.0.0')).statusCode).toBe(201);
  // A password in a refused entry is kept neither in the registry nor in the audit trail.
  const withPassword = await release('7.1.0', 'http://team:xxxxxxxx@127.0.0.1:1/');
  expect((withPassword.json() as { code: string }).code).toBe('release_refused');
  const stored = await t.db.query<{ text: string }>(
    `select row_to_json(r)::text as text from remote_releases r union all select row_to_json(a)::text from audit_log a`,
  );
  expect(stored.filter(({ text }) => text.includes(':xxxxxxxx@'))).toEqual([]);
});

test('a release of a remote the product builds replaces that remote in /remotes.json when promoted', async () => {
  const cards = await publishRemote({
    name: 'mf_cards',
    exposes: ['CardsPage'],
    areas: [{ path: 'cards', label: 'Cards', permission: 'cards.view', module: 'CardsPage' }],
  });
  expect((await release('9.0.0', cards.url, 'mf_cards')).statusCode).toBe(201);
  await post('/mf_cards/releases/9.0.0/promote');
  expect((await remotesJson()).find(({ name }) => name === 'mf_cards')).toMatchObject({
    version: '9.0.0',
    entry: `${cards.url}remoteEntry.js`,
  });
  await cards.close();
});

test('only platform.manage releases, promotes and rolls back (an admin gets 403); each change is audited', async () => {
  const admin = bearer(await login(t.app, 'admin@paydesk.test'));
  expect((await post('/mf_reports/releases', { version: '5.0.0', entry: published.url }, admin)).statusCode).toBe(403);
  expect((await post('/mf_reports/rollback', undefined, admin)).statusCode).toBe(403);
  const audit = await t.db.query<{ action: string; target_id: string }>(
    `select action, target_id from audit_log where action like 'remote.%' order by id`,
  );
  expect(audit.slice(0, 6).map(({ action, target_id }) => `${action} ${target_id}`)).toEqual([
    'remote.released mf_reports@1.0.0',
    'remote.promoted mf_reports@1.0.0',
    'remote.released mf_reports@1.1.0',
    'remote.promoted mf_reports@1.1.0',
    'remote.rolled_back mf_reports@1.0.0',
    expect.stringMatching(/^remote\.released mf_reports@2\.0\.[01]$/),
  ]);
  expect(audit.map(({ action }) => action)).toContain('remote.release_refused');
});

describe('deploy tokens', () => {
  const tokens = (method: 'GET' | 'POST', url = '', payload?: object, headers = superAdmin) =>
    t.app.inject({ method, url: `/api/platform/deploy-tokens${url}`, headers, payload });
  const created = async (remote: string) => {
    const response = await tokens('POST', '', { remote });
    expect(response.statusCode).toBe(201);
    return (response.json() as { data: { id: string; token: string; prefix: string } }).data;
  };
  const asToken = (token: string) => ({ authorization: `Bearer ${token}` });

  test('a token releases its own remote, is shown once, stored hashed, and listed with its last use', async () => {
    const made = await created('mf_reports');
    expect(made.token).toMatch(/^pdt_[A-Za-z0-9_-]{43}$/);
    expect(made.token.startsWith(made.prefix)).toBe(true);
    const released = await post('/mf_reports/releases', { version: '8.0.0', entry: published.url }, asToken(made.token));
    expect(released.statusCode).toBe(201);
    expect((released.json() as { data: { released_by: string } }).data.released_by).toBe(`deploy token ${made.prefix}`);

    const [row] = await t.db.query<Record<string, unknown>>('select * from deploy_tokens where id = $1', [made.id]);
    expect(JSON.stringify(row)).not.toContain(made.token);
    const listed = (await tokens('GET')).json() as { data: Record<string, unknown>[] };
    const entry = listed.data.find(({ id }) => id === made.id);
    expect(entry).toMatchObject({ remote: 'mf_reports', prefix: made.prefix, created_by: 'Sam Super', revoked_at: null });
    expect(entry?.last_used_at).toEqual(expect.any(String));
    expect(entry).not.toHaveProperty('token');
  });

  test('on another remote, or for any other call, a token is refused; a revoked one releases nothing', async () => {
    const made = await created('mf_reports');
    const other = await post('/mf_cards/releases', { version: '9.9.9', entry: published.url }, asToken(made.token));
    expect(other.statusCode).toBe(403);
    expect((other.json() as { message: string }).message).toBe('This deploy token releases mf_reports only');
    expect((await post('/mf_reports/releases/8.0.0/promote', undefined, asToken(made.token))).statusCode).toBe(401);
    expect((await tokens('GET', '', undefined, asToken(made.token))).statusCode).toBe(401);

    const revoked = await tokens('POST', `/${made.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect((revoked.json() as { data: { revoked_at: string | null } }).data.revoked_at).toEqual(expect.any(String));
    const after = await post('/mf_reports/releases', { version: '8.1.0', entry: published.url }, asToken(made.token));
    expect(after.statusCode).toBe(401);
    expect(await historyOf('mf_reports')).not.toMatchObject({
      releases: expect.arrayContaining([expect.objectContaining({ version: '8.1.0' })]),
    });
    expect((await tokens('POST', '/dtk_AAAAAAAAAAAAAAAAAAAAAAAA/revoke')).statusCode).toBe(404);
  });

  test('only platform.manage makes, lists and revokes tokens; each is audited without the token', async () => {
    const admin = bearer(await login(t.app, 'admin@paydesk.test'));
    expect((await tokens('POST', '', { remote: 'mf_reports' }, admin)).statusCode).toBe(403);
    expect((await tokens('GET', '', undefined, admin)).statusCode).toBe(403);
    const made = await created('mf_wallet');
    await tokens('POST', `/${made.id}/revoke`);
    const audit = await t.db.query<{ action: string; changes: unknown }>(
      `select action, changes from audit_log where target_id = $1 order by id`,
      [made.id],
    );
    expect(audit.map(({ action }) => action)).toEqual(['deploy_token.created', 'deploy_token.revoked']);
    expect(JSON.stringify(audit)).not.toContain(made.token);
    expect(JSON.stringify(audit)).toContain(made.prefix);
  });
});
