import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkRelease, type GateContext } from '../src/platform/release-gate';

/** The release gate against a real HTTP server serving a remote's published folders from disk. */
const manifest = {
  id: 'mf_reports',
  name: 'mf_reports',
  exposes: [{ id: 'mf_reports:ReportsPage', name: 'ReportsPage', path: './ReportsPage' }],
  shared: [
    { id: 'mf_reports:react', name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
    { id: 'mf_reports:@mui/material', name: '@mui/material', version: '9.5.0', singleton: true, requiredVersion: '^9.5.0' },
  ],
};
const area = { path: 'reports', label: 'Reports', permission: 'audit.view', module: 'ReportsPage' };
const remoteEntry = 'var mf_reports; /* the container */';
const sixMegabytes = 'x'.repeat(6 * 1024 * 1024);

/** A folder's files; each folder below is the good one with one thing changed. */
const folders: Record<string, { manifest?: object; areas?: object; remoteEntry?: string }> = {
  good: {},
  react18: { manifest: { ...manifest, shared: [{ name: 'react', version: '18.3.1' }, manifest.shared[1]] } },
  // A production remote of this repository: no copy of its shared modules, one the shell does not serve.
  'needs-redux': {
    manifest: {
      ...manifest,
      shared: [...manifest.shared, { name: 'react-redux', version: '9.3.1', assets: { js: { sync: [], async: [] } } }],
    },
  },
  'brings-redux': {
    manifest: {
      ...manifest,
      shared: [...manifest.shared, { name: 'react-redux', version: '9.3.1', assets: { js: { sync: ['redux.js'], async: [] } } }],
    },
  },
  unexposed: { areas: { areas: [{ ...area, module: 'MissingPage' }] } },
  'unknown-permission': { areas: { areas: [{ ...area, permission: 'reports.everything' }] } },
  'bad-areas': { areas: { areas: [{ ...area, path: '../api/x' }] } },
  big: { remoteEntry: sixMegabytes },
  'big-undeclared': { remoteEntry: sixMegabytes },
};

let dir: string;
let server: http.Server;
let origin: string;
let closedPort: number;

/** Serves the folders; `moved/` redirects, `silent/` never answers, `big-undeclared/` streams without a length, anything else missing is a 404. */
function serve(request: http.IncomingMessage, response: http.ServerResponse): void {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path.startsWith('/silent/')) return;
  if (path.startsWith('/moved/')) {
    response.writeHead(302, { location: path.replace('/moved/', '/good/') }).end();
    return;
  }
  const file = join(dir, ...path.split('/').filter(Boolean));
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    response.writeHead(404).end('Not found');
    return;
  }
  const declared = path.startsWith('/big-undeclared/') ? {} : { 'content-length': String(size) };
  response.writeHead(200, declared);
  createReadStream(file).pipe(response);
}

const listen = (target: http.Server) =>
  new Promise<number>((resolve) => target.listen(0, '127.0.0.1', () => resolve((target.address() as AddressInfo).port)));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paydesk-release-gate-'));
  for (const [name, files] of Object.entries(folders)) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'mf-manifest.json'), JSON.stringify(files.manifest ?? manifest));
    writeFileSync(join(dir, name, 'areas.json'), JSON.stringify(files.areas ?? { areas: [area] }));
    writeFileSync(join(dir, name, 'remoteEntry.js'), files.remoteEntry ?? remoteEntry);
  }
  server = http.createServer(serve);
  origin = `http://127.0.0.1:${await listen(server)}`;
  // A port nothing listens on: one the system just gave out, closed again.
  const closed = http.createServer();
  closedPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const demo = (overrides: Partial<GateContext> = {}): GateContext => ({
  mode: 'demo',
  allowedOrigins: [],
  shellShared: { react: '19.3.1', '@mui/material': '9.5.0' },
  takenPaths: new Map(),
  ...overrides,
});
const goodIntegrity = () =>
  `sha384-${createHash('sha384')
    .update(readFileSync(join(dir, 'good', 'remoteEntry.js')))
    .digest('base64')}`;

it('accepts a good release in demo mode, with the integrity of its remoteEntry.js', async () => {
  const verdict = await checkRelease({ remote: 'mf_reports', entry: `${origin}/good/` }, demo());
  expect(verdict).toEqual({
    ok: true,
    entry: `${origin}/good/remoteEntry.js`,
    integrity: goodIntegrity(),
    areas: [area],
    exposes: ['ReportsPage'],
    shared: { react: '19.3.1', '@mui/material': '9.5.0' },
  });
});

it.each(['mf-manifest.json', 'remoteEntry.js'])('derives the folder from an entry naming its %s', async (file) => {
  const verdict = await checkRelease({ remote: 'mf_reports', entry: `${origin}/good/${file}`, integrity: goodIntegrity() }, demo());
  expect(verdict).toMatchObject({ ok: true, entry: `${origin}/good/remoteEntry.js` });
});

/** Checks a refusal: `ok: false`, with each of `words` in the reason. */
async function expectRefused(verdict: Promise<unknown>, words: string[]): Promise<void> {
  const result = (await verdict) as { ok: boolean; reason?: string };
  expect(result.ok).toBe(false);
  for (const word of words) expect(result.reason).toContain(word);
}

it('refuses react 18 shared by the remote when the shell serves react 19', async () => {
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/react18/` }, demo()), [
    'react',
    '18.3.1',
    '19.3.1',
    'another major',
  ]);
});

it('refuses a remote with no copy of a shared module the shell does not serve, and takes one that brings its own', async () => {
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/needs-redux/` }, demo()), [
    'react-redux is shared by the remote mf_reports with no copy of its own, and the shell does not serve it',
  ]);
  await expect(checkRelease({ remote: 'mf_reports', entry: `${origin}/brings-redux/` }, demo())).resolves.toMatchObject({ ok: true });
  await expect(
    checkRelease(
      { remote: 'mf_reports', entry: `${origin}/needs-redux/` },
      demo({ shellShared: { ...demo().shellShared, 'react-redux': '9.3.1' } }),
    ),
  ).resolves.toMatchObject({ ok: true });
});

it('refuses an area whose module the remote does not expose', async () => {
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/unexposed/` }, demo()), [
    'reports',
    'mf_reports does not expose MissingPage',
  ]);
});

it('refuses an area with a permission the server does not know', async () => {
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/unknown-permission/` }, demo()), [
    'reports.everything',
    'not one the server knows',
  ]);
});

it('refuses an areas.json that does not parse, naming the field', async () => {
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/bad-areas/` }, demo()), ['areas.json', 'areas[0].path']);
});

it('refuses an area whose page address another remote has', async () => {
  const context = demo({ takenPaths: new Map([['reports', 'mf_other']]) });
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/good/` }, context), ['reports', "mf_other's"]);
});

it('refuses a manifest naming another container', async () => {
  await expectRefused(checkRelease({ remote: 'mf_payments', entry: `${origin}/good/` }, demo()), [
    'mf-manifest.json',
    'mf_reports',
    'mf_payments',
  ]);
});

it('refuses an entry whose folder answers 404', async () => {
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/missing/` }, demo()), [
    `${origin}/missing/mf-manifest.json`,
    'answered 404',
  ]);
});

it('refuses an entry that cannot be reached', async () => {
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `http://127.0.0.1:${closedPort}/good/` }, demo()), [
    'could not be reached',
    'ECONNREFUSED',
  ]);
});

it('refuses an entry that does not answer within timeoutMs', async () => {
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/silent/` }, demo({ timeoutMs: 200 })), [
    `${origin}/silent/mf-manifest.json`,
    'did not answer within 200 ms',
  ]);
});

it('refuses a remoteEntry.js that hashes to another integrity than the given one', async () => {
  const given = `sha384-${createHash('sha384').update('something else').digest('base64')}`;
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/good/`, integrity: given }, demo()), [
    'remoteEntry.js',
    goodIntegrity(),
    given,
  ]);
});

it('refuses a redirect instead of following it', async () => {
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/moved/` }, demo()), [
    `${origin}/moved/mf-manifest.json`,
    '302',
    'not followed',
  ]);
});

it('refuses a loopback address in production mode, even from an allowed origin', async () => {
  const context = demo({ mode: 'production', allowedOrigins: [origin] });
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/good/` }, context), ['127.0.0.1', 'not a public address']);
});

it('refuses an origin that is not allowed in production mode', async () => {
  const context = demo({ mode: 'production', allowedOrigins: ['https://cdn.example.com'] });
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/good/` }, context), [origin, 'https://cdn.example.com']);
});

it.each(['big', 'big-undeclared'])('refuses a file over 5 MB (%s)', async (folder) => {
  await expectRefused(checkRelease({ remote: 'mf_reports', entry: `${origin}/${folder}/` }, demo()), [
    `${origin}/${folder}/remoteEntry.js`,
    'larger than 5 MB',
  ]);
});

it.each([
  ['credentials', 'http://user:xxxx@127.0.0.1/good/', 'credentials'],
  ['a scheme other than http(s)', 'ftp://127.0.0.1/good/', 'not an http: or https: address'],
  ['a file other than the manifest or the entry', 'http://127.0.0.1/good/index.html', 'neither a folder'],
])('refuses an entry with %s', async (_what, entry, words) => {
  await expectRefused(checkRelease({ remote: 'mf_reports', entry }, demo()), [words]);
});

it('does not repeat the password of an entry with credentials', async () => {
  const verdict = await checkRelease({ remote: 'mf_reports', entry: 'http://user:xxxx@127.0.0.1/good/' }, demo());
  expect(verdict).toMatchObject({ ok: false });
  expect(JSON.stringify(verdict)).not.toContain('xxxx');
});
