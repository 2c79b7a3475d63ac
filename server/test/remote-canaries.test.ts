import { bearer, buildTestApp, login, type TestApp } from './helper';
import { publishRemote, type PublishedRemote } from './published-remote';
import { registryClient } from './registry-client';

/**
 * Canaries: a release promoted to a share of browsers, each keeping its version; and what the
 * shell reports of each release, which ends a canary that fails too often (here: 10 loads, more
 * than 20 % failed).
 */
let t: TestApp;
let superAdmin: Record<string, string>;
let registry: ReturnType<typeof registryClient>;
beforeAll(async () => {
  t = await buildTestApp({ PAYDESK_MODE: 'demo', FRONTENDS_DIR: '/nonexistent', CANARY_MIN_LOADS: '10', CANARY_MAX_FAILURE_RATE: '0.2' });
  superAdmin = bearer(await login(t.app, 'superadmin@paydesk.test'));
  registry = registryClient(t, superAdmin);
});
afterAll(() => t.close());

const post: ReturnType<typeof registryClient>['post'] = (...args) => registry.post(...args);
const release = (version: string, entry: string, remote: string) => registry.release(version, entry, remote);
const historyOf = (name: string) => registry.historyOf(name);

describe('canaries', () => {
  let canaryFolder: PublishedRemote;
  beforeAll(async () => {
    canaryFolder = await publishRemote({ name: 'mf_canary', areas: [] });
    for (const version of ['1.0.0', '2.0.0', '3.0.0']) expect((await release(version, canaryFolder.url, 'mf_canary')).statusCode).toBe(201);
    await post('/mf_canary/releases/1.0.0/promote');
  });
  afterAll(() => canaryFolder.close());

  const promote = (version: string, percent?: number) =>
    post(`/mf_canary/releases/${version}/promote`, percent === undefined ? undefined : { percent });
  /** The mf_canary version /remotes.json gives a browser with this rollout cookie, or a signed-in user. */
  const versionFor = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ url: '/remotes.json', headers });
    const remotes = (response.json() as { remotes: { name: string; version: string }[] }).remotes;
    return remotes.find(({ name }) => name === 'mf_canary')?.version;
  };
  const browsers = Array.from({ length: 200 }, (_, index) => ({ cookie: `paydesk_rollout=browser-id-${String(index).padStart(6, '0')}` }));
  const versionsOf = (all: typeof browsers) => Promise.all(all.map(versionFor));

  test('a canary goes to its share of browsers, each keeping its version, and a wider share keeps those it had', async () => {
    const promoted = await promote('2.0.0', 30);
    expect(promoted.statusCode).toBe(200);
    expect((promoted.json() as { data: Record<string, unknown> }).data).toMatchObject({ status: 'canary', canary_percent: 30 });
    const first = await versionsOf(browsers);
    const share = first.filter((version) => version === '2.0.0').length / browsers.length;
    expect(share).toBeGreaterThan(0.18);
    expect(share).toBeLessThan(0.42);
    expect(first.every((version) => version === '1.0.0' || version === '2.0.0')).toBe(true);
    expect(await versionsOf(browsers)).toEqual(first);

    await promote('2.0.0', 60);
    const wider = await versionsOf(browsers);
    expect(first.every((version, index) => version !== '2.0.0' || wider[index] === '2.0.0')).toBe(true);
    expect(wider.filter((version) => version === '2.0.0').length).toBeGreaterThan(first.filter((version) => version === '2.0.0').length);
    const summary = await t.app.inject({ url: '/api/platform/remotes', headers: superAdmin });
    const mine = (summary.json() as { data: { name: string; live: { version: string }; canary: { version: string } }[] }).data.find(
      ({ name }) => name === 'mf_canary',
    );
    expect([mine?.live.version, mine?.canary.version]).toEqual(['1.0.0', '2.0.0']);
  });

  test('a signed-in user keeps one version whatever browser they use', async () => {
    const seen = new Set<string | undefined>();
    for (const browser of browsers.slice(0, 20)) seen.add(await versionFor({ ...superAdmin, ...browser }));
    expect(seen.size).toBe(1);
  });

  test('a browser without the cookie is given one, kept a year and out of reach of scripts', async () => {
    const response = await t.app.inject({ url: '/remotes.json' });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^paydesk_rollout=[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(response.headers.vary).toMatch(/cookie/);
  });

  test('a rollback ends the canary and leaves the live release; promoted to 100 a canary is live for everyone', async () => {
    const rolled = await post('/mf_canary/rollback');
    expect((rolled.json() as { data: { version: string; status: string } }).data).toMatchObject({ version: '1.0.0', status: 'live' });
    expect(new Set(await versionsOf(browsers))).toEqual(new Set(['1.0.0']));

    await promote('3.0.0', 50);
    expect((await promote('3.0.0')).statusCode).toBe(200);
    expect(new Set(await versionsOf(browsers))).toEqual(new Set(['3.0.0']));
    const history = await historyOf('mf_canary');
    expect(history?.releases.map(({ version, status }) => [version, status])).toEqual([
      ['3.0.0', 'live'],
      ['2.0.0', 'rolled_back'],
      ['1.0.0', 'available'],
    ]);
  });

  test('the live release cannot be made a canary (409 release_live), nor a share be outside 1 to 100', async () => {
    const live = await promote('3.0.0', 10);
    expect([live.statusCode, (live.json() as { code: string }).code]).toEqual([409, 'release_live']);
    for (const percent of [0, 101, 12.5]) expect((await promote('1.0.0', percent)).statusCode).toBe(400);
  });
});

describe('reports from browsers, and the automatic rollback of a failing canary', () => {
  let folder: PublishedRemote;
  beforeAll(async () => {
    folder = await publishRemote({ name: 'mf_judged', areas: [] });
    for (const version of ['1.0.0', '2.0.0', '3.0.0']) await release(version, folder.url, 'mf_judged');
    await post('/mf_judged/releases/1.0.0/promote');
  });
  afterAll(() => folder.close());

  const report = (version: string, phase: string, count: number, message?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/platform/remote-reports',
      payload: { reports: Array.from({ length: count }, () => ({ remote: 'mf_judged', version, phase, message })) },
    });
  const statusOf = async (version: string) => (await historyOf('mf_judged'))?.releases.find((r) => r.version === version)?.status;
  const counts = (version: string) =>
    t.db.query<{ loads: number; failures: number; last_failure: string | null }>(
      `select loads, failures, last_failure from remote_report_counts where remote = 'mf_judged' and version = $1`,
      [version],
    );

  test('reports need no sign-in, are counted per release, and keep no card number; unknown releases are passed over', async () => {
    expect((await report('1.0.0', 'loaded', 3)).statusCode).toBe(204);
    expect((await report('1.0.0', 'render_failed', 1, 'Cannot read card 4242 4242 4242 4242')).statusCode).toBe(204);
    const [row] = await counts('1.0.0');
    expect(row).toMatchObject({ loads: 3, failures: 1 });
    expect(row?.last_failure).not.toMatch(/4242 4242 4242 4242/);
    expect((await report('9.9.9', 'loaded', 1)).statusCode).toBe(204);
    expect(await counts('9.9.9')).toEqual([]);
    // The registry shows them by release, over the last hour and day; older hours count in neither.
    await t.db.query(
      `insert into remote_report_counts (remote, version, hour, loads, failures) values ('mf_judged', '1.0.0', date_trunc('hour', now()) - interval '5 hours', 100, 7), ('mf_judged', '1.0.0', date_trunc('hour', now()) - interval '2 days', 1000, 70)`,
    );
    const live = (await historyOf('mf_judged'))?.releases.find((r) => r.version === '1.0.0');
    expect(live?.health).toEqual({ hour: { loads: 3, failures: 1 }, day: { loads: 103, failures: 8 } });
    expect((await historyOf('mf_judged'))?.releases.find((r) => r.version === '2.0.0')?.health.day).toEqual({ loads: 0, failures: 0 });
    expect((await report('1.0.0', 'loaded', 21)).statusCode).toBe(400);
    expect((await report('1.0.0', 'exploded', 1)).statusCode).toBe(400);
  });

  test('a canary within the failure share stays; one past it, once judged, is rolled back by the server and audited', async () => {
    await post('/mf_judged/releases/2.0.0/promote', { percent: 50 });
    await report('2.0.0', 'load_failed', 2);
    await report('2.0.0', 'loaded', 8);
    expect(await statusOf('2.0.0')).toBe('canary');

    await post('/mf_judged/releases/3.0.0/promote', { percent: 50 });
    await report('3.0.0', 'load_failed', 9, 'Loading chunk 312 failed');
    expect(await statusOf('3.0.0')).toBe('canary');
    // Two reports at once: the canary is ended once.
    await Promise.all([report('3.0.0', 'loaded', 1), report('3.0.0', 'loaded', 1)]);
    expect(await statusOf('3.0.0')).toBe('rolled_back');
    expect(await statusOf('1.0.0')).toBe('live');
    // Shown with the release, as a refusal's reason is; promoted again, it has none.
    const reasonOf = async (version: string) => (await historyOf('mf_judged'))?.releases.find((r) => r.version === version)?.reason;
    expect(await reasonOf('3.0.0')).toMatch(/^Rolled back by the server: 9 of its 1[01] loads failed, more than 20 %$/);
    const audit = await t.db.query<{ actor_id: number | null; changes: Record<string, { to?: unknown }> }>(
      `select actor_id, changes from audit_log where action = 'remote.rolled_back' and target_id = 'mf_judged@3.0.0'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_id).toBeNull();
    // Judged once the tenth load was counted; the other report may be counted before that too.
    expect(audit[0]?.changes.reason?.to).toMatch(/^9 of its 1[01] loads failed, more than 20 %$/);
    await post('/mf_judged/releases/3.0.0/promote', { percent: 20 });
    expect(await reasonOf('3.0.0')).toBeNull();
  });
});
