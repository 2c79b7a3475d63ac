import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config';
import { isPublicHost } from '../src/http/canonical-host';
import { checkoutBody } from './checkout-fixtures';
import { bearer, buildTestApp, type TestApp } from './helper';

const PUBLIC_URL = 'http://localhost:8080';
/** The other name of the same server that a person types, or that a bookmark has. */
const OTHER_HOST = '127.0.0.1:8080';

/** Pages and front-end files: payer pages, the back office, the shell's and the remotes' files, the demo merchant's page. */
const pagesAndFiles = [
  '/',
  '/checkout/chk_0123456789abcdef?from=shop',
  '/payment/success?reference=chk_1',
  '/control/login',
  '/control/transactions?page=2&search=ada',
  '/control/no-such-page',
  '/favicon.ico',
  '/remotes/mf-payments/remoteEntry.js',
  '/demo/merchant',
  '/demo/merchant/merchant.js',
];

const redirected = (response: LightMyRequestResponse, to: string) => {
  expect(response.statusCode).toBe(308);
  expect(response.headers.location).toBe(to);
  expect(response.headers['cache-control']).toBe('no-store');
};

/** The demo app, whose database the apps below share: they differ in configuration only. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PAYDESK_MODE: 'demo', PUBLIC_URL, REDIRECT_TO_PUBLIC_URL: 'true' });
});
afterAll(() => t?.close());

describe('in demo mode, under another host than PUBLIC_URL', () => {
  const at = (host: string, options: InjectOptions) => t.app.inject({ ...options, headers: { ...options.headers, host } });

  test.each(pagesAndFiles)('GET and HEAD %s are redirected (308) to PUBLIC_URL, same path and query', async (url) => {
    redirected(await at(OTHER_HOST, { method: 'GET', url }), `${PUBLIC_URL}${url}`);
    redirected(await at(OTHER_HOST, { method: 'HEAD', url }), `${PUBLIC_URL}${url}`);
  });

  test('the redirect goes to PUBLIC_URL whatever the Host or the path says', async () => {
    redirected(await at('evil.example', { url: '//evil.example/x?y=1' }), `${PUBLIC_URL}//evil.example/x?y=1`);
    redirected(await at('localhost:8080@evil.example', { url: '/control/login' }), `${PUBLIC_URL}/control/login`);
  });

  test('under PUBLIC_URL itself (in any letter case), nothing is redirected', async () => {
    for (const host of ['localhost:8080', 'LocalHost:8080']) {
      for (const url of pagesAndFiles) expect((await at(host, { url })).statusCode).not.toBe(308);
    }
  });

  test('the API keeps working under another host: calls with a body, public calls, the docs', async () => {
    const created = await at(OTHER_HOST, {
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(t.config.secretKey),
      payload: checkoutBody,
    });
    expect(created.statusCode).toBe(201);
    // Its links still name PUBLIC_URL (public-address-from-configuration.md).
    expect(created.json<{ data: { checkout_url: string } }>().data.checkout_url).toMatch(new RegExp(`^${PUBLIC_URL}/checkout/chk_`));
    const config = await at(OTHER_HOST, { url: '/api/public/config' });
    expect(config.statusCode).toBe(200);
    expect(config.json<{ data: { challengeOrigin: string } }>().data.challengeOrigin).toBe(PUBLIC_URL);
    expect((await at(OTHER_HOST, { url: '/api/docs/json' })).statusCode).toBe(200);
    const unknown = await at(OTHER_HOST, { url: '/api/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 'error' });
  });

  test.each(['/healthz', '/readyz', '/remotes.json', '/demo/merchant/webhooks', '/api/sandbox/acs/challenge'])(
    'GET %s is answered where it arrives',
    async (url) => {
      expect((await at(OTHER_HOST, { url })).statusCode).not.toBe(308);
    },
  );

  test('a page address asked with another method than GET or HEAD is not redirected', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS'] as const) {
      expect(
        (await at(OTHER_HOST, { method, url: '/control/login', payload: method === 'POST' ? { a: 1 } : undefined })).statusCode,
      ).not.toBe(308);
    }
    const checkout = await at(OTHER_HOST, { method: 'POST', url: '/demo/merchant/checkout', payload: { amount: 12.5 } });
    expect(checkout.statusCode).toBe(201);
  });

  test('X-Forwarded-Host is not believed without TRUST_PROXY', async () => {
    redirected(
      await at(OTHER_HOST, { url: '/control/login', headers: { 'x-forwarded-host': 'localhost:8080' } }),
      `${PUBLIC_URL}/control/login`,
    );
    expect((await at('localhost:8080', { url: '/control/login', headers: { 'x-forwarded-host': OTHER_HOST } })).statusCode).not.toBe(308);
  });
});

describe('behind a balancer named in TRUST_PROXY', () => {
  let balanced: TestApp;
  beforeAll(async () => {
    // inject's requests come from 127.0.0.1: the balancer.
    balanced = await buildTestApp(
      { PAYDESK_MODE: 'demo', PUBLIC_URL, TRUST_PROXY: '127.0.0.1', REDIRECT_TO_PUBLIC_URL: 'true' },
      { db: t.db },
    );
  });
  afterAll(() => balanced?.close());

  test('the host the browser asked for is X-Forwarded-Host, whatever Host the balancer sends', async () => {
    const upstream = { host: 'paydesk-upstream:8080' };
    const canonical = await balanced.app.inject({ url: '/control/login', headers: { ...upstream, 'x-forwarded-host': 'localhost:8080' } });
    expect(canonical.statusCode).not.toBe(308);
    redirected(
      await balanced.app.inject({ url: '/control/login?next=1', headers: { ...upstream, 'x-forwarded-host': OTHER_HOST } }),
      `${PUBLIC_URL}/control/login?next=1`,
    );
  });
});

describe('REDIRECT_TO_PUBLIC_URL', () => {
  test('is on by default in demo mode, and refuses anything but true or false', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-redirect-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).redirectToPublicUrl).toBe(true);
      expect(loadConfig({ DATA_DIR: dataDir, REDIRECT_TO_PUBLIC_URL: 'false' }).redirectToPublicUrl).toBe(false);
      expect(() => loadConfig({ DATA_DIR: dataDir, REDIRECT_TO_PUBLIC_URL: 'yes' })).toThrow(
        /^Invalid configuration: REDIRECT_TO_PUBLIC_URL must be true or false/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  // A blank value counts as unset: the mode's default (the tests' configuration turns the redirect off).
  test.each([
    ['in production, by default, nothing is redirected', { PAYDESK_MODE: 'production', REDIRECT_TO_PUBLIC_URL: '' }, false],
    ['in production, set to true, pages are redirected', { PAYDESK_MODE: 'production', REDIRECT_TO_PUBLIC_URL: 'true' }, true],
    ['in demo mode, by default, pages are redirected', { PAYDESK_MODE: 'demo', REDIRECT_TO_PUBLIC_URL: '' }, true],
    ['in demo mode, set to false, nothing is redirected', { PAYDESK_MODE: 'demo', REDIRECT_TO_PUBLIC_URL: 'false' }, false],
  ])('%s', async (_name, env, expected) => {
    const app = await buildTestApp({ ...env, PUBLIC_URL: 'https://pay.example.test' }, { db: t.db });
    try {
      const away = await app.app.inject({ url: '/checkout/chk_1', headers: { host: 'paydesk-1.internal:8080' } });
      expect(away.statusCode === 308).toBe(expected);
      if (expected) expect(away.headers.location).toBe('https://pay.example.test/checkout/chk_1');
      const home = await app.app.inject({ url: '/checkout/chk_1', headers: { host: 'pay.example.test:443' } });
      expect(home.statusCode).not.toBe(308);
    } finally {
      await app.close();
    }
  });
});

describe('isPublicHost', () => {
  const https = new URL('https://pay.example.test');
  const local = new URL('http://localhost:8080');
  test.each([
    ['pay.example.test', https, true],
    ['PAY.Example.TEST', https, true],
    ['pay.example.test:443', https, true],
    ['pay.example.test:8443', https, false],
    ['www.pay.example.test', https, false],
    ['localhost:8080', local, true],
    ['localhost', local, false],
    ['127.0.0.1:8080', local, false],
    ['[::1]:8080', local, false],
    ['', local, false],
    ['localhost:8080@evil.example', local, false],
    ['evil.example@localhost:8080', local, false],
    ['localhost:8080/path', local, false],
  ])('%j is PUBLIC_URL %s: %s', (host, publicUrl, expected) => {
    expect(isPublicHost(host, publicUrl)).toBe(expected);
  });
});
