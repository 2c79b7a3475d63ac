import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';
import { openSignedIn } from '../support/accounts';
import { startServer, type RunningServer } from '../support/server';
import { serveFolder } from '../support/static-server';
import { chooseOption } from '../support/select';

const root = resolve(__dirname, '../..');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

test('a remote that cannot load shows its fallback with Retry while the rest of the shell works', async () => {
  const page = await newPage(browser);
  await page.route('**/remotes/mf-cards/**', (route) => route.abort());
  await openSignedIn(page, 'admin', '/control/dashboard');
  await page.getByRole('link', { name: 'Cards' }).click();
  await page.getByText('Cards is unavailable').waitFor();
  // The navigation and the other areas still work.
  await page.getByRole('link', { name: 'Withdrawals' }).click();
  await page.getByRole('heading', { name: 'Withdrawals' }).waitFor();
  // Once the remote is reachable again, Retry loads it in place.
  await page.getByRole('link', { name: 'Cards' }).click();
  await page.getByText('Cards is unavailable').waitFor();
  await page.unroute('**/remotes/mf-cards/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('heading', { name: 'Card Management' }).waitFor();
  await closePage(page);
});

test('a payer page whose remote cannot load shows its fallback, and Retry loads the form', async () => {
  // The shell starts fetching a payer page's remote before React runs: a failure there is still the page's to show.
  const page = await newPage(browser);
  await page.route('**/remotes/mf-payments/**', (route) => route.abort());
  await page.goto('/');
  await page.getByText('Payment is unavailable').waitFor();
  await page.unroute('**/remotes/mf-payments/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('button', { name: /^Pay \$/ }).waitFor();
  await closePage(page);
});

/** A checkout's widget address, created as the merchant demo page's server side creates one. */
async function createCheckoutPath(): Promise<string> {
  const response = await fetch(`${baseUrl()}/demo/merchant/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 25 }),
  });
  const { data } = (await response.json()) as { data: { reference: string } };
  return `/checkout/${data.reference}`;
}

test.each([
  ['the pay form', async () => '/', /^Pay \$/],
  ['the checkout widget', createCheckoutPath, /^Pay$/],
])("%s: its remote's files are fetched with the page, before its own scripts, and once", async (_page, path, payButton) => {
  // The server's Link header names remoteEntry.js and the page's chunks (mf-manifest.json), so
  // they do not wait for the federation runtime to run remoteEntry.js (bench/payer-page.mjs).
  const page = await newPage(browser);
  const remoteFiles: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/mf-payments/')) remoteFiles.push(new URL(request.url()).pathname);
  });
  const response = await page.goto(await path());
  const hinted = [...String(response?.headers().link).matchAll(/<([^>]+)>; rel=preload; as=script/g)].map((match) => match[1]);
  expect(hinted[0]).toBe('/remotes/mf-payments/remoteEntry.js');
  expect(hinted.some((file) => /__federation_expose_/.test(file ?? ''))).toBe(true);
  await page.getByRole('button', { name: payButton }).waitFor();
  const started = await page.evaluate(() =>
    Object.fromEntries(performance.getEntriesByType('resource').map((entry) => [new URL(entry.name).pathname, entry.startTime])),
  );
  const main = Object.keys(started).find((file) => /^\/main\.[0-9a-f]+\.js$/.test(file)) ?? '';
  for (const file of hinted) expect(started[file ?? '']).toBeLessThanOrEqual(started[main] ?? -1);
  expect(remoteFiles.filter((file) => hinted.includes(file)).sort()).toEqual([...hinted].sort()); // no second download
  await closePage(page);
});

test('the shell starts even when a remote is down', async () => {
  const page = await newPage(browser);
  await page.route('**/remotes/mf-transactions/**', (route) => route.abort());
  await openSignedIn(page, 'admin', '/control/dashboard');
  await page.getByText('Dashboard is unavailable').waitFor();
  await page.getByRole('link', { name: 'Cards' }).click();
  await page.getByRole('heading', { name: 'Card Management' }).waitFor();
  await closePage(page);
});

/** Where MUI's MenuList context is in the page's share scope: who provides it, who uses it. */
const menuListContextShare = (page: Page) =>
  page.evaluate(() => {
    type Shared = { from: string; loaded?: boolean; useIn: string[] };
    const hosts = (
      globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, { default: Record<string, Record<string, Shared>> }> } }
    ).__FEDERATION__.__SHARE__;
    const versions = Object.values(hosts).map((scopes) => scopes.default['@mui/material/MenuList/MenuListContext.mjs'] ?? {});
    return versions.flatMap((byVersion) =>
      Object.entries(byVersion).map(([version, shared]) => ({
        version,
        from: shared.from,
        loaded: Boolean(shared.loaded),
        useIn: [...shared.useIn].sort(),
      })),
    );
  });

/** How many copies of MUI's MenuList context module the page has downloaded, in every container's chunks. */
const menuListContextCopies = (page: Page) =>
  page.evaluate(() => {
    const chunkArrays = Object.keys(globalThis)
      .filter((key) => key.startsWith('webpackChunk'))
      .map((key) => (globalThis as unknown as Record<string, [unknown, Record<string, () => void>][]>)[key] ?? []);
    return chunkArrays
      .flat()
      .flatMap(([, factories]) => Object.values(factories))
      .filter((factory) => String(factory).includes('MenuListContext is missing')).length;
  });

test("remotes' Selects and MenuItems use the shell's one copy of MUI's contexts: choosing shows the value and closes the menu", async () => {
  const page = await newPage(browser);
  await openSignedIn(page, 'admin', '/control/dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Transactions' }).click();
  const status = page.getByRole('combobox', { name: 'Status' });
  await chooseOption(status, 'Failed'); // the menu closes
  // The Select shows what the address holds: it changes once the navigation has rendered.
  await status.filter({ hasText: 'Failed' }).waitFor();
  expect(await status.textContent()).toBe('Failed');
  await page.waitForURL((url) => url.searchParams.get('status') === 'failed');

  // A second remote, in the same page, with its Select inside its Dialog.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User Management' }).click();
  await page.getByRole('button', { name: 'Add User' }).click();
  const role = page.getByRole('dialog', { name: 'Add User' }).getByRole('combobox', { name: 'Role' });
  await chooseOption(role, 'Admin');
  expect(await role.textContent()).toBe('Admin');
  await page.getByRole('dialog', { name: 'Add User' }).getByRole('button', { name: 'Cancel' }).click();

  // One MenuList context in the page: the shell's, used by both remotes (PLAT-14).
  expect(await menuListContextShare(page)).toEqual([
    { version: expect.any(String), from: 'shell', loaded: true, useIn: expect.arrayContaining(['mf_transactions', 'mf_users']) },
  ]);
  expect(await menuListContextCopies(page)).toBe(1);
  await closePage(page);
});

describe('shipping one remote: redeployed through the manifest, or released through the registry', () => {
  let server: RunningServer;
  let work: string;
  let cdn: Awaited<ReturnType<typeof serveFolder>>;
  const manifestFile = () => join(work, 'remotes.json');
  const build = `canary-${Date.now()}`;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'paydesk-redeploy-'));
    // The wallet team rebuilds its remote alone, with a visible change, into its own folder.
    execFileSync('npx', ['webpack', '--mode', 'production', '--env', `outputPath=${join(work, 'mf-wallet')}`], {
      cwd: join(root, 'mf-wallet'),
      env: { ...process.env, PAYDESK_BUILD: build, NODE_OPTIONS: '--no-deprecation' },
      stdio: 'ignore',
    });
    cdn = await serveFolder(work);
    // Another team's remote, outside the product's workspaces, built by the same configuration
    // through the release command, for the address its CDN serves it at.
    await releaseReports();
    deploy('/remotes/mf-wallet/remoteEntry.js', '1.0.0');
    server = await startServer({ REMOTES_MANIFEST: manifestFile() });
  }, 120_000);

  afterAll(() => {
    cdn.server.close();
    process.kill(server.pid, 'SIGTERM');
    rmSync(work, { recursive: true, force: true });
    rmSync(server.dataDir, { recursive: true, force: true });
  });

  /**
   * `npm run release` in the fixture remote's folder (it is no workspace): a build for its CDN
   * address, or with --skip-build and the server's address and a deploy token in `env`, the
   * release registered as a team's CI does once the files are published.
   */
  const releaseReports = (env: Record<string, string> = {}, ...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      [
        join(root, 'scripts', 'release.mjs'),
        '--version',
        '1.0.0',
        '--base-url',
        `${cdn.url}/mf-reports/`,
        '--out',
        join(work, 'mf-reports'),
        ...args,
      ],
      { cwd: join(root, 'e2e', 'fixtures', 'mf-reports'), env: { ...process.env, PAYDESK_URL: '', PAYDESK_DEPLOY_TOKEN: '', ...env } },
    );

  /**
   * Writes the deploy-time manifest: every remote local (with its local build's areas), the wallet
   * from `walletEntry`, with the areas its build published beside it.
   */
  const deploy = (walletEntry: string, version: string) => {
    const published = (dir: string) => (JSON.parse(readFileSync(join(work, dir, 'areas.json'), 'utf8')) as { areas: unknown[] }).areas;
    const remotes = ['payments', 'transactions', 'users', 'cards', 'wallet'].map((area) => ({
      name: `mf_${area}`,
      entry: area === 'wallet' ? walletEntry : `/remotes/mf-${area}/remoteEntry.js`,
      version: area === 'wallet' ? version : '1.0.0',
      ...(area === 'wallet' && { areas: published('mf-wallet') }),
    }));
    writeFileSync(manifestFile(), JSON.stringify({ remotes }));
  };

  test('the shell shows the new build after a reload, and the old one after a rollback', async () => {
    deploy('/remotes/mf-wallet/remoteEntry.js', '1.0.0');
    const page = await browser.newPage({ baseURL: server.baseUrl });
    await openSignedIn(page, 'admin', '/control/withdrawals');
    const tag = page.getByTestId('build-mf-wallet');
    await tag.waitFor();
    expect(await tag.textContent()).not.toContain(build);

    deploy(`${cdn.url}/mf-wallet/remoteEntry.js`, build);
    await page.reload();
    await page.getByTestId('build-mf-wallet').filter({ hasText: build }).waitFor();

    deploy('/remotes/mf-wallet/remoteEntry.js', '1.0.0');
    await page.reload();
    await page.getByTestId('build-mf-wallet').waitFor();
    expect(await page.getByTestId('build-mf-wallet').textContent()).not.toContain(build);
    await closePage(page);
  }, 60_000);

  describe('released through the registry', () => {
    let registry: RunningServer;
    beforeAll(async () => {
      registry = await startServer();
    }, 60_000);
    afterAll(() => {
      process.kill(registry.pid, 'SIGTERM');
      rmSync(registry.dataDir, { recursive: true, force: true });
    });

    /** A call to the registry server's API, as a super_admin's script or a team's CI makes it. */
    const call = async (path: string, token: string, body?: object) => {
      const response = await fetch(`${registry.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
        body: body && JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { data: Record<string, string> } };
    };

    test("a remote outside the product's list brings its own area, at the next page load, to whoever holds its permission", async () => {
      const page = await browser.newPage({ baseURL: registry.baseUrl });
      await openSignedIn(page, 'super_admin', '/control/dashboard');
      await page.getByRole('link', { name: 'Audit Log' }).waitFor();
      expect(await page.getByRole('link', { name: 'Reports' }).count()).toBe(0);

      // The team's CI releases with its deploy token; a super_admin promotes. No restart, no shell
      // build, nothing under shell/ or shared/, no file edited on the server.
      const session = await page.evaluate(() => localStorage.getItem('token') ?? '');
      const made = await call('/api/platform/deploy-tokens', session, { remote: 'mf_reports' });
      expect(made.status).toBe(201);
      const token = made.body.data.token ?? '';
      const released = await releaseReports({ PAYDESK_URL: registry.baseUrl, PAYDESK_DEPLOY_TOKEN: token }, '--skip-build');
      expect(released.stdout).toContain('Release accepted: mf_reports 1.0.0 is available');
      expect((await call('/api/platform/remotes/mf_reports/releases/1.0.0/promote', session)).status).toBe(200);

      await page.reload();
      await page.getByRole('link', { name: 'Reports' }).click();
      await page.getByRole('heading', { name: 'Reports' }).waitFor();
      expect(page.url()).toBe(`${registry.baseUrl}/control/reports`);
      await page.getByText('Delivered by mf_reports').waitFor();

      // Its area asks for the audit permission, which an admin does not hold (the roles table).
      const admin = await browser.newPage({ baseURL: registry.baseUrl });
      await openSignedIn(admin, 'admin', '/control/reports');
      await admin.getByText('Your role does not allow this page.').waitFor();
      expect(await admin.getByRole('link', { name: 'Reports' }).count()).toBe(0);
      expect(await admin.getByText('Delivered by mf_reports').count()).toBe(0);
      await closePage(admin);
      await closePage(page);
    }, 60_000);

    test('an entry changed on the CDN after its release is refused by the browser: its area is unavailable, the rest works', async () => {
      const entryFile = join(work, 'mf-reports', 'remoteEntry.js');
      const released = readFileSync(entryFile);
      const page = await browser.newPage({ baseURL: registry.baseUrl });
      try {
        writeFileSync(entryFile, Buffer.concat([released, Buffer.from('\n;window.__tampered = true;\n')]));
        await openSignedIn(page, 'super_admin', '/control/reports');
        await page.getByText('Reports is unavailable').waitFor();
        expect(await page.evaluate(() => '__tampered' in window)).toBe(false);
        await page.getByRole('link', { name: 'Audit Log' }).click();
        await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
      } finally {
        writeFileSync(entryFile, released);
        await closePage(page);
      }
    }, 60_000);
  });
});
