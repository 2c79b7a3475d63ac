import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createFirstViewPages, firstViewAddress, pageWithFirstView, type FirstViewPage } from '../src/frontends/first-view';
import { fakeFrontends, payForm, shellPage } from './first-view-fixtures';
import { buildTestApp, type TestApp } from './helper';

/** A page sent as it was composed: compressed once, no stand-ins. */
function ready(page: FirstViewPage | undefined) {
  if (!page || page.fill) throw new Error('not a page composed once');
  return page;
}

let frontends: string | undefined;
afterEach(() => {
  if (frontends) rmSync(frontends, { recursive: true, force: true });
  frontends = undefined;
});

describe('composing the page', () => {
  test('styles at the end of <head>, markup in #root inside the marked element, no paint before all of it', () => {
    expect(pageWithFirstView(shellPage, payForm)).toBe(
      '<!doctype html><html><head><title>Paydesk</title><link rel="expect" href="#first-view-end" blocking="render">' +
        '<style data-emotion="css abc">.css-abc{color:red}</style></head><body>' +
        '<div id="root"><div data-first-view><main><form><input data-field="amount"/></form></main></div><template id="first-view-end"></template></div>' +
        '<script defer src="/main.js"></script></body></html>',
    );
  });

  test('markup with $-patterns goes in as it is', () => {
    expect(pageWithFirstView(shellPage, { html: "<p>$& $' $1</p>", head: '' })).toContain("<p>$& $' $1</p>");
  });

  test('a shell page without #root or <head> gets none', () => {
    expect(pageWithFirstView('<html><body></body></html>', payForm)).toBeUndefined();
  });

  test('the first view is beside a local entry only', () => {
    expect(firstViewAddress('/remotes/mf-payments/remoteEntry.js')).toBe('/remotes/mf-payments/first-view.json');
    expect(firstViewAddress('https://cdn.example.com/mf-payments/remoteEntry.js')).toBeUndefined();
    expect(firstViewAddress('//cdn.example.com/mf-payments/remoteEntry.js')).toBeUndefined();
  });
});

describe('the pages painted from a build', () => {
  test('the pay form from its remote; pages without a first view get none', () => {
    frontends = fakeFrontends();
    const pages = createFirstViewPages({ frontendsDir: frontends, shellPage: join(frontends, 'shell', 'dist', 'index.html') });
    const page = ready(pages('/'));
    expect(page.html).toContain('<div data-first-view><main>');
    expect(brotliDecompressSync(page.br).toString()).toBe(page.html);
    expect(gunzipSync(page.gzip).toString()).toBe(page.html);
    expect(pages('/')).toBe(page); // composed once
    expect(pages('/checkout/chk_abc')).toBeUndefined();
    expect(pages('/control/dashboard')).toBeUndefined();
  });

  test('the remote redeployed alone: the next page has its new first view', () => {
    frontends = fakeFrontends();
    const pages = createFirstViewPages({ frontendsDir: frontends, shellPage: join(frontends, 'shell', 'dist', 'index.html') });
    expect(pages('/')?.html).toContain('data-field="amount"');
    const file = join(frontends, 'mf-payments', 'dist', 'first-view.json');
    writeFileSync(file, JSON.stringify({ pages: { './PayFormPage': { html: '<main>v2</main>', head: '' } } }));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(pages('/')?.html).toContain('<div data-first-view><main>v2</main></div>');
  });

  test.each([
    ['not JSON', '{'],
    ['no pages', {}],
    ['markup that is not a string', { pages: { './PayFormPage': { html: 1, head: '' } } }],
  ])('a first-view.json with %s paints nothing', (_what, file) => {
    frontends = fakeFrontends(file);
    if (typeof file === 'string') writeFileSync(join(frontends, 'mf-payments', 'dist', 'first-view.json'), file);
    expect(
      createFirstViewPages({ frontendsDir: frontends, shellPage: join(frontends, 'shell', 'dist', 'index.html') })('/'),
    ).toBeUndefined();
  });
});

describe('served', () => {
  let t: TestApp;
  afterEach(() => t.close());

  test.each([
    ['br', (body: Buffer) => brotliDecompressSync(body).toString()],
    ['gzip', (body: Buffer) => gunzipSync(body).toString()],
    ['identity', (body: Buffer) => body.toString()],
  ])('/ comes painted, in %s, with its preload hints', async (encoding, decode) => {
    frontends = fakeFrontends();
    t = await buildTestApp({ FRONTENDS_DIR: frontends });
    const response = await t.app.inject({ url: '/', headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/);
    expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(decode(response.rawPayload)).toContain('<div data-first-view><main><form>');
    expect(String(response.headers.link)).toContain('/remotes/mf-payments/remoteEntry.js');
  });

  test('without a first view, or when the releases cannot be read, / is the plain shell page', async () => {
    frontends = fakeFrontends();
    t = await buildTestApp({ FRONTENDS_DIR: frontends });
    await t.db.query('alter table remote_releases rename to remote_releases_gone');
    const broken = await t.app.inject({ url: '/' });
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<div id="root"></div>');
    await t.db.query('alter table remote_releases_gone rename to remote_releases');
    rmSync(join(frontends, 'mf-payments', 'dist', 'first-view.json'));
    const plain = await t.app.inject({ url: '/' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('<div id="root"></div>');
  });

  test('HEAD / answers as GET does, without a body', async () => {
    frontends = fakeFrontends();
    t = await buildTestApp({ FRONTENDS_DIR: frontends });
    const response = await t.app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.body).toBe('');
  });
});
