import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page, type ViewportSize as Viewport } from 'playwright-core';

/** As npm test chooses it (scripts/test.mjs): the headless shell when installed. */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // No optimising compiler: a test's pages live seconds, too short for TurboFan to pay back.
  '--js-flags=--max-opt=2',
];

/**
 * Pages ask for reduced motion, as a user may (the theme then ends transitions at once): a test
 * waits for what a page shows, not for how it moves there, and the browser paints no frames of a
 * fade or a ripple (docs/decisions/test-run-cpu-budget.md).
 */
const reducedMotion = 'reduce';

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the e2e global setup did not run');
  return url;
};

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, args: flags });

/**
 * Each file's browser keeps one context for the e2e server whose pages are handed out one test
 * after another: its HTTP cache, and the compiled scripts V8 keeps in it, outlive each test, so a
 * test's first page load costs about a third less browser CPU (a signed-in dashboard: 0.78 s of
 * renderer work instead of 1.17 s). Everything a page could leave for the next test is cleared
 * before it is handed out again: cookies, local storage, IndexedDB, permissions; session storage
 * belongs to the tab, which is new.
 */
const reused = new WeakMap<Browser, Promise<BrowserContext>>();

function reusedContext(browser: Browser): Promise<BrowserContext> {
  let context = reused.get(browser);
  if (!context) {
    context = browser.newContext({ baseURL: baseUrl(), reducedMotion });
    reused.set(browser, context);
  }
  return context;
}

const isReused = async (page: Page): Promise<boolean> => (await reused.get(page.context().browser()!)) === page.context();

/** The storage a test leaves behind for the server's origin, cleared before the context's next page. */
async function clearStorage(page: Page): Promise<void> {
  await page.context().clearCookies();
  await page.context().clearPermissions();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(baseUrl()).origin,
    storageTypes: 'cookies,local_storage,indexeddb,service_workers,cache_storage,shared_storage',
  });
  await cdp.detach();
}

/**
 * A page with storage of its own that fails the test on any uncaught page error; on the e2e server
 * unless told. It is the file's reused context when no page of it is open (closePage ends a test's
 * pages), else, or with `isolated`, a new context: two pages open at once never share a session.
 */
export async function newPage(
  browser: Browser,
  {
    viewport = { width: 1280, height: 800 },
    url = baseUrl(),
    isolated = false,
  }: { viewport?: Viewport; url?: string; isolated?: boolean } = {},
): Promise<Page> {
  const shared = !isolated && url === baseUrl() ? await reusedContext(browser) : undefined;
  const context = shared && shared.pages().length === 0 ? shared : await browser.newContext({ baseURL: url, viewport, reducedMotion });
  const page = await context.newPage();
  if (context === shared) {
    await clearStorage(page);
    await page.setViewportSize(viewport);
  }
  page.on('pageerror', (error) => {
    throw error;
  });
  return page;
}

/** Ends a test's page: its context, or, in the file's reused context, every page open in it (popups too). */
export async function closePage(page: Page): Promise<void> {
  const context = page.context();
  if (await isReused(page)) await Promise.all(context.pages().map((open) => open.close()));
  else await context.close();
}

/** Nothing of the page scrolls sideways. */
export const fitsTheWidth = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Resolves once no request of the page has been open for 500 ms: `networkidle` for a page that is already loaded. */
export async function networkQuiet(page: Page): Promise<void> {
  const open = new Set<unknown>();
  let quietSince = Date.now();
  const start = (request: unknown) => open.add(request);
  const end = (request: unknown) => {
    open.delete(request);
    if (open.size === 0) quietSince = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    while (open.size > 0 || Date.now() - quietSince < 500) await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}
