import type { Browser, Page } from 'playwright-core';
import { baseUrl, closePage, launchBrowser, newPage } from '../support/browser';
import { openSignedIn } from '../support/accounts';
import { chooseOption } from '../support/select';

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

/** The scripts a Link header preloads. */
const preloadedScripts = (link: string | null | undefined) =>
  [...String(link).matchAll(/<([^>]+)>; rel=preload; as=script/g)].map((match) => match[1] ?? '');

test.each([
  ['the pay form', async () => '/', /^Pay \$/],
  ['the checkout widget', createCheckoutPath, /^Pay$/],
])(
  "%s: its remote's files and the shell's copies it consumes are fetched with the page, before its scripts, and once",
  async (_page, path, payButton) => {
    // The server's Link header names remoteEntry.js and the page's chunks (mf-manifest.json), so
    // they do not wait for the federation runtime to run remoteEntry.js (bench/payer-page.mjs).
    const address = await path();
    const page = await newPage(browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    // Every other script waits until the page is usable: the page must become usable on the scripts
    // its first response names (its Link header and the shell's page) alone. The shell's copies of
    // shared modules the page consumes (the API's error reader, for the widget) are among them
    // (shared-hints.cjs); what the page fetches as it renders (the card dialog, and the store it
    // brings) is not needed for it.
    const first = await fetch(`${baseUrl()}${address}`);
    const named = [
      ...preloadedScripts(first.headers.get('link')),
      ...[...(await first.text()).matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]),
    ];
    let usable = () => {};
    const becameUsable = new Promise<void>((resolve) => (usable = resolve));
    await page.route(/\.js$/, async (route) => {
      if (!named.includes(new URL(route.request().url()).pathname)) await becameUsable;
      await route.continue();
    });
    const response = await page.goto(address, { waitUntil: 'domcontentloaded' });
    const hinted = preloadedScripts(response?.headers().link);
    expect(hinted[0]).toBe('/remotes/mf-payments/remoteEntry.js');
    expect(hinted.some((file) => /__federation_expose_/.test(file))).toBe(true);
    // The page's own pay button, once it has replaced the one the server painted.
    await page.locator('[data-first-view]').waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: payButton }).waitFor();
    usable();
    const started = await page.evaluate(() =>
      Object.fromEntries(performance.getEntriesByType('resource').map((entry) => [new URL(entry.name).pathname, entry.startTime])),
    );
    const main = Object.keys(started).find((file) => /^\/main\.[0-9a-f]+\.js$/.test(file)) ?? '';
    for (const file of hinted) expect(started[file]).toBeLessThanOrEqual(started[main] ?? -1);
    expect(requested.filter((file) => hinted.includes(file)).sort()).toEqual([...hinted].sort()); // no second download
    await closePage(page);
  },
);

test("every script of the shell's own that a payer page needs is fetched without waiting for the shell's entry to run", async () => {
  // The shell's page preloads its bootstrap's chunk group and the shell's copies of the shared
  // modules that group consumes; one found only when the entry has run costs a round trip. The
  // payment remote is held back, so that what its page consumes is not counted here.
  const page = await newPage(browser);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/remotes\/mf-payments\//, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await page.waitForFunction(() =>
    performance
      .getEntriesByType('resource')
      .some((entry) => /\/bootstrap\.[0-9a-f]+\.js$/.test(entry.name) && (entry as PerformanceResourceTiming).responseEnd > 0),
  );
  await page.waitForTimeout(500);
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        start: entry.startTime,
        end: (entry as PerformanceResourceTiming).responseEnd,
      }))
      .filter(({ path }) => path.endsWith('.js') && !path.startsWith('/remotes/')),
  );
  release();
  await page.getByRole('button', { name: /^Pay \$/ }).waitFor();
  const main = scripts.find(({ path }) => /^\/main\.[0-9a-f]+\.js$/.test(path));
  expect(main).toBeDefined();
  expect(scripts.length).toBeGreaterThan(4);
  expect(scripts.filter(({ start }) => start >= (main?.end ?? 0)).map(({ path }) => path)).toEqual([]);
  await closePage(page);
});

test("the shell's entry is fetched at high priority, beside the page's preload hints", async () => {
  // A deferred script is fetched at low priority, after every preload of the page and of its Link
  // header: on HTTP/1.1 the entry then waits for a connection while the payer's scripts sit idle.
  // A context of its own: a cold load, with nothing of the file's other pages in its caches.
  const page = await newPage(browser, { isolated: true });
  const cdp = await page.context().newCDPSession(page);
  const priorities: Record<string, string> = {};
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    priorities[new URL(request.url).pathname] = request.initialPriority;
  });
  await cdp.send('Network.enable');
  await page.goto('/'); // its load event waits for the entry
  const entry = Object.keys(priorities).find((path) => /^\/main\.[0-9a-f]+\.js$/.test(path)) ?? '';
  expect({ entry, priority: priorities[entry] }).toEqual({ entry: expect.stringMatching(/main/), priority: 'High' });
  await cdp.detach();
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
