// One cold run of bench/back-office-page.mjs: sign in through the real sign-in page, then wait
// until the target page is usable, and read what it cost from the page's own timings.
import { gzipSync } from 'node:zlib';
import { throttledPage } from './throttled-browser.mjs';

export const pages = {
  'Transaction Monitoring /control/transactions': { key: 'transactions', path: '/control/transactions' },
  'Dashboard /control/dashboard': { key: 'dashboard', path: '/control/dashboard' },
};

/** Runs inside the page from its first script on, so nothing it reports waits on the test driver. */
function watch({ key, path }) {
  const bench = (window.__bench = { lcp: 0, longTasks: [] });
  new PerformanceObserver((list) => list.getEntries().forEach((e) => (bench.lcp = e.startTime))).observe({
    type: 'largest-contentful-paint',
    buffered: true,
  });
  new PerformanceObserver((list) => list.getEntries().forEach((e) => bench.longTasks.push([e.startTime, e.duration]))).observe({
    type: 'longtask',
    buffered: true,
  });
  document.addEventListener('submit', () => (bench.submitAt ??= performance.now()), true);
  const has = (selector) => document.querySelector(selector) !== null;
  // Usable, as the page's own clock sees it (the moment the DOM holds it; the paint follows in
  // the same frame), each part of it filled with data from the server, not a spinner or skeleton:
  const usable = {
    // the table's first data rows and, under it, the total count ("Showing 1 to 10 of 1,000,100 results");
    transactions: () =>
      has('[data-testid="transaction-row"]') &&
      /of [1-9][\d,]* results/.test(document.querySelector('[data-testid="range-text"]')?.textContent ?? ''),
    // every figure and the recent transactions (see `figures`), and the revenue chart drawn
    // (ApexCharts' series paths in its SVG).
    dashboard: () => figures() && has('[data-testid="revenue-chart"] .apexcharts-series path'),
  }[key];
  // What a person reads first, before the chart library arrives: every figure card with its value
  // and the recent transactions' rows.
  const figures = () =>
    document.querySelectorAll('[data-testid="stat-value"]').length >= 8 && has('table[aria-label="Recent transactions"] tbody tr');
  new MutationObserver((_changes, observer) => {
    if (bench.submitAt === undefined) {
      if (bench.signInAt === undefined && has('form button[type="submit"]')) bench.signInAt = performance.now();
      return;
    }
    if (has('[data-testid="sample-figures"]')) {
      bench.error = 'the dashboard shows sample figures: one of its calls failed';
      observer.disconnect();
      return;
    }
    if (location.pathname !== path) {
      // Sign-in lands on the dashboard; a user after the transactions opens them from the menu the
      // moment it shows.
      const link = document.querySelector(`a[href="${path}"]`);
      if (link && bench.clickedAt === undefined) {
        bench.clickedAt = performance.now();
        link.click();
      }
      return;
    }
    if (bench.shownAt === undefined && has('h1')) bench.shownAt = performance.now(); // its header, before its data
    if (key === 'dashboard' && bench.figuresAt === undefined && figures()) bench.figuresAt = performance.now();
    if (!usable()) return;
    bench.usableAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** What one cold sign-in costs until `target` is usable; times in ms after the submit. */
export async function measureSignIn(browser, baseUrl, target, password, screenshot) {
  const { context, page } = await throttledPage(browser);
  try {
    await page.addInitScript(watch, target);
    const assets = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') assets.push(response);
    });
    await page.goto(`${baseUrl}/control/login`, { waitUntil: 'commit' });
    await page.getByLabel('Email').fill('admin@paydesk.test');
    await page.getByLabel(/^Password/).fill(password);
    // Submitted without a trusted click or key press: Chromium stops reporting LCP at the first
    // input, and the paint that matters comes after sign-in.
    await page.locator('form').evaluate((form) => form.requestSubmit());
    await page.waitForFunction(() => window.__bench.usableAt !== undefined || window.__bench.error !== undefined, null, {
      timeout: 180_000,
      polling: 500,
    });
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
    const { arrived, error, ...timing } = await page.evaluate(() => {
      const bench = window.__bench;
      const t0 = bench.submitAt;
      const entries = performance.getEntriesByType('resource').filter((e) => e.responseEnd <= bench.usableAt);
      const api = entries.filter((e) => e.startTime >= t0 && new URL(e.name).pathname.startsWith('/api/'));
      const code = entries.filter((e) => e.startTime >= t0 && ['script', 'link'].includes(e.initiatorType));
      return {
        error: bench.error,
        usableMs: bench.usableAt - t0,
        clickedMs: bench.clickedAt === undefined ? undefined : bench.clickedAt - t0,
        shownMs: bench.shownAt - t0,
        figuresMs: bench.figuresAt === undefined ? undefined : bench.figuresAt - t0,
        dataInMs: Math.max(0, ...api.map((e) => e.responseEnd)) - t0,
        codeInMs: Math.max(t0, ...code.map((e) => e.responseEnd)) - t0,
        // The largest paint after sign-in; none when nothing after it outgrew the sign-in card.
        lcpMs: bench.lcp > t0 ? bench.lcp - t0 : null,
        blockingMs: bench.longTasks.filter(([start]) => start >= t0).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
        signInPageMs: bench.signInAt,
        api: api.map((e) => ({
          path: new URL(e.name).pathname + new URL(e.name).search,
          startMs: e.startTime - t0,
          ms: e.duration,
          waitMs: e.responseStart - e.requestStart,
        })),
        arrived: entries.map((e) => ({ url: e.name, afterSubmit: e.startTime >= t0 })),
      };
    });
    if (error) throw new Error(error);
    // Counted: the scripts and styles that had arrived when the page became usable, the sign-in
    // page's included (a cold cache holds nothing), and apart from them those fetched after the submit.
    const before = assets.filter((response) => arrived.some((a) => a.url === response.url()));
    const gzipped = await Promise.all(
      before.map(async (response) => gzipSync(await response.body().catch(() => Buffer.alloc(0)), { level: 9 }).length),
    );
    const afterSubmit = new Set(arrived.filter((a) => a.afterSubmit).map((a) => a.url));
    return {
      ...timing,
      gzipBytes: gzipped.reduce((sum, n) => sum + n, 0),
      afterSubmitGzipBytes: gzipped.reduce((sum, n, i) => sum + (afterSubmit.has(before[i].url()) ? n : 0), 0),
      requests: before.length,
    };
  } finally {
    await context.close();
  }
}
