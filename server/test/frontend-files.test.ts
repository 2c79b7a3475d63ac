import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from './helper';

/**
 * The built front ends' files as the server sends them, from a build folder made here: a file
 * whose name carries its hash is cached for a year however it is encoded, an entry or a page is
 * revalidated, a remote's files may be read from another origin, and a name that is not a file of
 * the build (a dotfile, a step up, an unknown remote) is not found.
 */
const HASHED = '1264.d2ae890a92.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';
let frontends: string;
let t: TestApp;

/** A file, with the .br and .gz copies the build writes beside it (scripts/precompress.mjs). */
function write(dir: string, name: string, text: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
}

beforeAll(async () => {
  frontends = mkdtempSync(join(tmpdir(), 'paydesk-frontends-'));
  write(join(frontends, 'shell', 'dist'), 'index.html', '<!doctype html><title>Paydesk</title><div id="root"></div>');
  write(join(frontends, 'shell', 'dist'), 'main.0123456789.js', 'console.log("shell")');
  write(join(frontends, 'mf-payments', 'dist'), 'remoteEntry.js', 'var mf_payments;');
  write(join(frontends, 'mf-payments', 'dist'), HASHED, 'console.log("chunk")');
  writeFileSync(join(frontends, 'mf-payments', 'dist', '.secret'), 'not a file of the build');
  t = await buildTestApp({ FRONTENDS_DIR: frontends });
});
afterAll(async () => {
  await t?.close();
  rmSync(frontends, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ url, headers: { host: new URL(t.config.publicUrl).host, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

test.each([undefined, 'gzip', 'br'])('a hashed file is cached for a year, sent as %s', async (encoding) => {
  for (const url of [`/remotes/mf-payments/${HASHED}`, '/main.0123456789.js']) {
    const response = await get(url, encoding);
    expect({
      url,
      status: response.statusCode,
      cache: response.headers['cache-control'],
      sentAs: response.headers['content-encoding'],
    }).toEqual({
      url,
      status: 200,
      cache: IMMUTABLE,
      sentAs: encoding,
    });
  }
});

test("a remote's entry is revalidated, and its files may be read from another origin", async () => {
  const response = await get('/remotes/mf-payments/remoteEntry.js', 'gzip');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.headers['access-control-allow-origin']).toBe('*');
});

test.each([
  '/remotes/mf-payments/.secret',
  '/remotes/mf-payments/..%2F..%2Fshell%2Fdist%2Findex.html',
  '/remotes/mf-nope/remoteEntry.js',
  '/remotes/mf-payments/',
])('%s is not a file of the build', async (url) => {
  const response = await get(url);
  expect(response.statusCode).toBe(404);
  expect(response.body).not.toContain('not a file of the build');
});
