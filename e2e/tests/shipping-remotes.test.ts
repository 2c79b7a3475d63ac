import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { openSignedIn } from '../support/accounts';
import { closePage, launchBrowser } from '../support/browser';
import { startServer, type RunningServer } from '../support/server';
import { serveFolder } from '../support/static-server';

/**
 * A team ships its remote without a shell release: redeployed through an operator's manifest, or
 * built by the release command, released with a deploy token and promoted through the registry,
 * its entry then checked by the browser against the integrity recorded at release.
 */
const root = resolve(__dirname, '../..');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

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

    test("a remote outside the product's list brings its own area, previewed first, then at the next page load to whoever holds its permission", async () => {
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

      // Tried first in this super_admin's browser alone, from the Platform area, under a banner.
      const other = await browser.newPage({ baseURL: registry.baseUrl });
      await openSignedIn(other, 'super_admin', '/control/dashboard');
      await page.goto('/control/platform/remotes/mf_reports');
      await page.getByRole('button', { name: 'Preview 1.0.0' }).click();
      const banner = page.getByRole('status').filter({ hasText: 'Previewing mf_reports 1.0.0 in this browser only' });
      await banner.waitFor();
      await page.getByRole('link', { name: 'Reports' }).click();
      await page.getByText('Delivered by mf_reports').waitFor();
      await other.reload();
      await other.getByRole('link', { name: 'Audit Log' }).waitFor();
      expect(await other.getByRole('link', { name: 'Reports' }).count()).toBe(0);
      await closePage(other);
      // Exit preview reloads the page: the banner goes with the old document.
      await banner.getByRole('button', { name: 'Exit preview' }).click();
      await banner.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'Audit Log' }).waitFor();
      expect(await page.getByRole('link', { name: 'Reports' }).count()).toBe(0);

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

    test('a chunk changed on the CDN after its release is refused by the browser: its area is unavailable, the rest works', async () => {
      // The exposed page's own chunk, which the released entry loads with the hash the build wrote into it.
      const manifest = JSON.parse(readFileSync(join(work, 'mf-reports', 'mf-manifest.json'), 'utf8')) as {
        exposes: { name: string; assets: { js: { sync: string[] } } }[];
      };
      const chunk = manifest.exposes
        .find(({ name }) => name === 'ReportsPage')
        ?.assets.js.sync.find((file) => file.startsWith('__federation_'));
      const chunkFile = join(work, 'mf-reports', chunk ?? 'no exposed chunk');
      const released = readFileSync(chunkFile);
      // One byte of the text the page shows: still valid code, which would run unnoticed without a hash.
      const tampered = Buffer.from(released.toString('latin1').replace('Delivered by mf_reports', 'Delivered by mf_reportz'), 'latin1');
      expect(tampered.compare(released)).not.toBe(0);
      const page = await browser.newPage({ baseURL: registry.baseUrl });
      const refusals: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes("'integrity'")) refusals.push(message.text());
      });
      try {
        writeFileSync(chunkFile, tampered);
        await openSignedIn(page, 'super_admin', '/control/reports');
        await page.getByText('Reports is unavailable').waitFor();
        expect(await page.getByText('Delivered by mf_reportz').count()).toBe(0);
        expect(refusals.some((text) => text.includes(chunk ?? ''))).toBe(true);
        await page.getByRole('link', { name: 'Audit Log' }).click();
        await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
      } finally {
        writeFileSync(chunkFile, released);
        await closePage(page);
      }
    }, 60_000);
  });
});
