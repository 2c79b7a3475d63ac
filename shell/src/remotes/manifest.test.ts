import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { fakeApi } from '@paydesk/shared/testing/fake-api';
import { entryIntegrityPlugin } from './entry-integrity';
import { TOKEN_KEY } from '@paydesk/shared/session/storage';
import { loadRemoteManifest, SESSION_TOKEN_KEY } from './manifest';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), registerPlugins: jest.fn() }));

const serve = (status: number, body: unknown) => fakeApi({ 'GET /remotes.json': () => ({ status, body }) });

test('registers each remote of the manifest with an absolute entry address', async () => {
  serve(200, {
    remotes: [
      { name: 'mf_cards', entry: '/remotes/mf-cards/remoteEntry.js', version: '1.2.0' },
      { name: 'mf_wallet', entry: 'https://cdn.example/wallet/remoteEntry.js', version: '2.0.0' },
    ],
  });
  await loadRemoteManifest();
  expect(registerRemotes).toHaveBeenCalledWith(
    [
      { name: 'mf_cards', entry: 'http://localhost/remotes/mf-cards/remoteEntry.js' },
      { name: 'mf_wallet', entry: 'https://cdn.example/wallet/remoteEntry.js' },
    ],
    { force: true },
  );
});

test("reads each remote's areas; a remote whose areas are malformed keeps its entry without them", async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const reports = { path: 'reports', label: 'Reports', icon: 'bar_chart', permission: 'dashboard.view', module: 'ReportsPage', order: 5 };
  serve(200, {
    remotes: [
      { name: 'mf_reports', entry: '/r/remoteEntry.js', version: '1.0.0', areas: [reports] },
      { name: 'mf_odd', entry: '/o/remoteEntry.js', version: '1.0.0', areas: [{ path: '../escape', permission: 'x.y', module: 'Odd' }] },
      { name: 'mf_none', entry: '/n/remoteEntry.js', version: '1.0.0' },
    ],
  });
  const { remotes } = await loadRemoteManifest();
  expect(remotes.map(({ name, areas }) => [name, areas])).toEqual([
    ['mf_reports', [reports]],
    ['mf_odd', []],
    ['mf_none', []],
  ]);
  expect(String(error.mock.calls[0]?.[0])).toContain('mf_odd: areas[0].path');
  error.mockRestore();
});

test.each([
  ['a remote without an entry', { remotes: [{ name: 'mf_cards', version: '1' }] }],
  ['a name that is not an identifier', { remotes: [{ name: 'mf-cards', entry: '/x.js', version: '1' }] }],
  ['no remotes list', { services: [] }],
])('refuses %s and registers nothing', async (_case, body) => {
  jest.mocked(registerRemotes).mockClear();
  serve(200, body);
  await expect(loadRemoteManifest()).rejects.toThrow();
  expect(registerRemotes).not.toHaveBeenCalled();
});

test('a manifest that cannot be fetched is an error', async () => {
  serve(503, {});
  await expect(loadRemoteManifest()).rejects.toThrow('/remotes.json answered 503');
});

describe('who asks, for canary releases', () => {
  beforeEach(() => {
    localStorage.setItem(TOKEN_KEY, 'session-token');
  });

  test("the session's key is the session store's", () => {
    expect(SESSION_TOKEN_KEY).toBe(TOKEN_KEY);
  });
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  test('a signed-in back-office page sends its session, so the server chooses by user', async () => {
    window.history.replaceState(null, '', '/control/dashboard');
    const api = serve(200, { remotes: [] });
    await loadRemoteManifest();
    const [call] = api.callsTo('GET /remotes.json');
    expect(call?.headers.get('authorization')).toBe('Bearer session-token');
    // Not the address the page preloads without the session: the browser would answer with that.
    expect(call?.url.search).toBe('?signed-in');
  });

  test('a payer page sends no session, as its first response had none', async () => {
    window.history.replaceState(null, '', '/checkout/ORD123');
    const api = serve(200, { remotes: [] });
    await loadRemoteManifest();
    const [call] = api.callsTo('GET /remotes.json');
    expect(call?.headers.get('authorization')).toBeNull();
    expect(call?.url.search).toBe('');
  });
});

test("a released remote's entry is loaded with the integrity the manifest gives it; others as they are", async () => {
  const integrity = `sha384-${'A'.repeat(64)}`;
  serve(200, {
    remotes: [
      { name: 'mf_cards', entry: 'https://cdn.example/cards/remoteEntry.js', version: '1.4.0', integrity },
      { name: 'mf_wallet', entry: '/remotes/mf-wallet/remoteEntry.js', version: '1.0.0' },
    ],
  });
  await loadRemoteManifest();
  const script = entryIntegrityPlugin.createScript?.({ url: 'https://cdn.example/cards/remoteEntry.js' }) as HTMLScriptElement;
  expect([script.src, script.integrity, script.crossOrigin]).toEqual(['https://cdn.example/cards/remoteEntry.js', integrity, 'anonymous']);
  expect(entryIntegrityPlugin.createScript?.({ url: 'http://localhost/remotes/mf-wallet/remoteEntry.js' })).toBeUndefined();
  expect(registerPlugins).toHaveBeenCalledWith([entryIntegrityPlugin]);
});

test('an integrity that is not a hash is refused', async () => {
  serve(200, { remotes: [{ name: 'mf_cards', entry: '/remotes/mf-cards/remoteEntry.js', version: '1', integrity: 'md5-abc' }] });
  await expect(loadRemoteManifest()).rejects.toThrow('remotes[0].integrity must be a hash');
});

test("a preview the server names is kept for the back office's banner; a malformed one is refused", async () => {
  const remotes = [{ name: 'mf_cards', entry: '/remotes/mf-cards/remoteEntry.js', version: '2.0.0' }];
  const preview = { remote: 'mf_cards', version: '2.0.0', expires_at: '2026-11-27T11:00:00.000Z' };
  serve(200, { remotes, preview });
  expect((await loadRemoteManifest()).preview).toEqual(preview);
  serve(200, { remotes });
  expect((await loadRemoteManifest()).preview).toBeUndefined();
  serve(200, { remotes, preview: { ...preview, expires_at: 'soon' } });
  await expect(loadRemoteManifest()).rejects.toThrow('"preview" must name a remote, a version and when it ends');
});
