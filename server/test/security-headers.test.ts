import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { pageKindOf, PERMISSIONS_POLICY, SWAGGER_LOGO_STYLE } from '../src/http/security-headers';
import { bearer, buildTestApp, type TestApp } from './helper';

/** The Content-Security-Policy header as directive → sources, so a test can compare it whole. */
function csp(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

const json = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };
const shell = (remotes: string[]) => ({
  'default-src': ["'self'"],
  'script-src': ["'self'", ...remotes],
  'style-src': ["'self'", "'unsafe-inline'", ...remotes],
  'connect-src': ["'self'", ...remotes],
  'img-src': ["'self'", 'data:'],
  'frame-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'object-src': ["'none'"],
});

/** The headers every answer carries, whatever it is. */
function expectCommonHeaders(response: LightMyRequestResponse): void {
  expect(response.headers).toMatchObject({
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-xss-protection': '0',
  });
  const scripts = csp(response)['script-src'] ?? csp(response)['default-src'] ?? [];
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).not.toContain('*');
}

/** A stand-in for the built front ends: a shell page and one remote. */
function fakeFrontends(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-headers-'));
  mkdirSync(join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'shell', 'dist', 'index.html'), '<!doctype html><div id="root"></div><script defer src="/main.js"></script>');
  writeFileSync(join(dir, 'shell', 'dist', 'main.js'), 'void 0;');
  mkdirSync(join(dir, 'mf-payments', 'dist'), { recursive: true });
  writeFileSync(join(dir, 'mf-payments', 'dist', 'remoteEntry.js'), 'void 0;');
  writeFileSync(join(dir, 'mf-payments', 'dist', 'mf-manifest.json'), '{}');
  return dir;
}

test.each([
  ['/%61pi/x', 'json'],
  ['http://paydesk.test/%61pi/x?y=1', 'json'],
  ['/api/sandbox/%61cs/challenge', 'acs'],
  ['/api/%64ocs', 'api-docs'],
  ['/%72emotes/mf-payments/remoteEntry.js', 'remote-file'],
  ['/%63ontrol/users', 'back-office'],
  ['/demo/%6Derchant', 'merchant-demo'],
  ['/%', 'json'],
] as const)('the kind of %s is chosen from its decoded path: %s', (url, kind) => {
  expect(pageKindOf(url, true)).toBe(kind);
});

describe('production mode, remotes from a manifest', () => {
  let t: TestApp;
  let frontends: string;
  const manifestFile = () => join(frontends, 'remotes.json');
  const deploy = (...entries: string[]) =>
    writeFileSync(manifestFile(), JSON.stringify({ remotes: entries.map((entry, i) => ({ name: `mf_${i}`, entry, version: '1.0.0' })) }));

  beforeAll(async () => {
    frontends = fakeFrontends();
    deploy('/remotes/mf-payments/remoteEntry.js', 'https://cdn.example.com/mf-cards/1.4.0/remoteEntry.js');
    t = await buildTestApp({ FRONTENDS_DIR: frontends, REMOTES_MANIFEST: manifestFile() });
  });
  afterAll(async () => {
    await t.close();
    rmSync(frontends, { recursive: true, force: true });
  });

  test.each([
    ['a JSON answer', 'GET', '/healthz', 200],
    ['a refused call', 'GET', '/api/auth/me', 401],
    ['an unknown API path', 'POST', '/api/nothing-here', 404],
    ['the remotes manifest', 'GET', '/remotes.json', 200],
  ] as const)('%s: nothing may load from it or frame it', async (_case, method, url, status) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(status);
    expect(csp(response)).toEqual(json);
    expectCommonHeaders(response);
    expect(response.headers).toMatchObject({
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });

  test.each([
    ['/%61pi/auth/me', 401],
    ['/%61%70%69/auth/me?x=1', 401],
    ['/api/auth/%6De', 401],
    ['/%61pi/nothing-here', 404],
    ['/%68ealthz', 200],
  ])('%s gets the policy of the API path it is routed to, not the page policy', async (url, status) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(csp(response)).toEqual(json);
    expect(response.headers).toMatchObject({ 'x-frame-options': 'DENY', 'cross-origin-opener-policy': 'same-origin' });
  });

  test("an encoded sandbox issuer or Swagger UI path gets that path's own policy", async () => {
    const issuer = await t.app.inject({ url: '/api/sandbox/%61cs/acs.css' });
    expect(issuer.statusCode).toBe(200);
    expect(csp(issuer)['frame-ancestors']).toEqual(["'self'"]);
    const docs = await t.app.inject({ url: '/%61pi/%64ocs/json' });
    expect(docs.statusCode).toBe(200);
    expect(csp(docs)['style-src']).toEqual(["'self'", SWAGGER_LOGO_STYLE]);
  });

  test('a remote file may be loaded by a shell on another origin', async () => {
    const response = await t.app.inject({ url: '/remotes/mf-payments/remoteEntry.js' });
    expect(response.statusCode).toBe(200);
    expect(csp(response)).toEqual(json);
    expectCommonHeaders(response);
    expect(response.headers).toMatchObject({ 'cross-origin-resource-policy': 'cross-origin', 'access-control-allow-origin': '*' });
  });

  test.each([
    ['the pay form', '/', 200, 'unsafe-none'],
    ['the checkout widget', '/checkout/chk_abc', 200, 'unsafe-none'],
    ['the back office', '/control/dashboard', 200, 'same-origin'],
    ['an unknown page', '/no/such/page', 404, 'unsafe-none'],
  ])('%s: scripts from here and the manifest only, never framed', async (_case, url, status, opener) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(csp(response)).toEqual(shell(['https://cdn.example.com']));
    expectCommonHeaders(response);
    expect(response.headers).toMatchObject({ 'x-frame-options': 'DENY', 'cross-origin-opener-policy': opener });
    expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/); // every script has a src
  });

  test('the policy follows the manifest: a redeploy to another origin is allowed at the next load, the old one no more', async () => {
    deploy(
      '//cdn2.example.net/mf-cards/remoteEntry.js',
      'http://127.0.0.1:4321/mf-wallet/remoteEntry.js',
      'https://cdn.example.com/a.js',
      'https://cdn.example.com/b.js',
    );
    const moved = csp(await t.app.inject({ url: '/control/cards' }));
    expect(moved['script-src']).toEqual(["'self'", 'cdn2.example.net', 'http://127.0.0.1:4321', 'https://cdn.example.com']);
    deploy('/remotes/mf-payments/remoteEntry.js');
    expect(csp(await t.app.inject({ url: '/control/cards' }))).toEqual(shell([]));
    writeFileSync(manifestFile(), '{ not json');
    expect(csp(await t.app.inject({ url: '/' }))).toEqual(shell([])); // unreadable: no remote origin at all
    deploy('/remotes/mf-payments/remoteEntry.js', 'https://cdn.example.com/mf-cards/1.4.0/remoteEntry.js');
  });

  test('the sandbox issuer pages: own script and styles only, framed by the payer pages of this origin only', async () => {
    const pages = [
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/acs/challenge',
        payload: 'transaction_id=TXN0123456789AB',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/sandbox/acs/result',
        payload: 'transaction_id=TXN0123456789AB&outcome=complete&return_origin=http://localhost',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      await t.app.inject({ url: '/api/sandbox/acs/notify.js' }),
    ];
    expect(pages.map((page) => page.statusCode >= 400)).toEqual([false, true, false]); // an unknown transaction's result is an error page
    for (const page of pages) {
      expect(csp(page)).toEqual({
        'default-src': ["'none'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        'base-uri': ["'none'"],
      });
      expectCommonHeaders(page);
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    }
  });

  test('Swagger UI: its own bundle, styles and calls only', async () => {
    for (const url of ['/api/docs', '/api/docs/static/swagger-initializer.js', '/api/docs/json']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(csp(response)).toEqual({
        'default-src': ["'none'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", SWAGGER_LOGO_STYLE],
        'img-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'none'"],
      });
      expectCommonHeaders(response);
      expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    }
  });

  test('production serves no merchant demo page: /demo/merchant is a shell 404 with the shell policy', async () => {
    const response = await t.app.inject({ url: '/demo/merchant' });
    expect(response.statusCode).toBe(404);
    expect(csp(response)).toEqual(shell(['https://cdn.example.com']));
  });

  describe('callback_url', () => {
    const checkout = (callback_url: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: bearer(t.config.secretKey),
        payload: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101', amount: 10, callback_url },
      });

    test.each([
      'javascript:alert(1)',
      'JavaScript:alert(document.domain)//https://shop.example',
      'data:text/html,<script>alert(1)</script>',
      'ftp://shop.example/paid',
      'file:///etc/passwd',
      '//shop.example/paid',
      '\tjavascript:alert(1)',
    ])('%s is refused with a 400 and no checkout', async (url) => {
      const before = await t.db.query<{ n: number }>('select count(*)::int as n from checkouts');
      const response = await checkout(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error', message: expect.stringMatching(/callback_url/) });
      expect(await t.db.query<{ n: number }>('select count(*)::int as n from checkouts')).toEqual(before);
    });

    test.each(['https://shop.example/paid?order=1', 'http://localhost:3000/paid'])('%s is accepted', async (url) => {
      expect((await checkout(url)).statusCode).toBe(201);
    });
  });
});

describe('demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PAYDESK_MODE: 'demo' });
  });
  afterAll(() => t.close());

  test('no HSTS on the plain-http demo', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expectCommonHeaders(response);
  });

  test('the merchant demo page: own script, styles and calls; keeps the widget popup it opens', async () => {
    for (const url of ['/demo/merchant', '/demo/merchant/merchant.js', '/demo/merchant/merchant.css']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(csp(response)).toEqual({
        'default-src': ["'none'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'"],
        'connect-src': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'none'"],
      });
      expectCommonHeaders(response);
      expect(response.headers).toMatchObject({ 'cross-origin-opener-policy': 'same-origin-allow-popups', 'x-frame-options': 'DENY' });
      expect(response.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    }
  });
});
