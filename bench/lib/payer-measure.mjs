// One cold load of a payer page in the throttled browser: when its pay button is usable, and the
// scripts and styles it had downloaded by then. Shared by payer-page.mjs and release-lookup.mjs.
import { gzipSync } from 'node:zlib';
import { throttledPage } from './throttled-browser.mjs';

export async function measurePayerPage(browser, url, payButton) {
  const { context, page } = await throttledPage(browser);
  await page.addInitScript(
    ({ source, flags }) => {
      window.__lcp = 0;
      window.__blocking = 0;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (window.__lcp = e.startTime))).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      });
      new PerformanceObserver((list) => list.getEntries().forEach((e) => (window.__blocking += Math.max(0, e.duration - 50)))).observe({
        type: 'longtask',
        buffered: true,
      });
      // Usable: the moment the page's own pay button is in it, as the page's own clock sees it. The
      // one the server paints before any script (in [data-first-view]) is not: no script has it yet.
      const pattern = new RegExp(source, flags);
      const usable = (button) => pattern.test(button.textContent.trim()) && !button.closest('[data-first-view]');
      new MutationObserver((_changes, observer) => {
        if (![...document.querySelectorAll('button')].some(usable)) return;
        window.__usableAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    },
    { source: payButton.source, flags: payButton.flags },
  );
  const assets = [];
  let documentResponse;
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') assets.push(response);
    if (type === 'document' && !documentResponse) documentResponse = response;
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__usableAt !== undefined);
  // Counted: the scripts and styles that had finished arriving when the form became usable (by
  // the page's resource timing). What the page fetches afterwards (the card dialog, while the
  // payer reads or types) was not waited for.
  const { arrived, ...timing } = await page.evaluate(() => ({
    usableMs: window.__usableAt,
    lcpMs: window.__lcp,
    blockingMs: window.__blocking,
    arrived: performance
      .getEntriesByType('resource')
      .filter((e) => e.responseEnd <= window.__usableAt)
      .map((e) => ({ url: e.name, type: e.initiatorType, startMs: Math.round(e.startTime), endMs: Math.round(e.responseEnd) })),
  }));
  const before = assets.filter((response) => arrived.some((e) => e.url === response.url()));
  const bodies = await Promise.all(before.map((response) => response.body().catch(() => Buffer.alloc(0))));
  const gzipOf = new Map(before.map((response, i) => [response.url(), gzipSync(bodies[i], { level: 9 }).length]));
  const gzipBytes = [...gzipOf.values()].reduce((sum, n) => sum + n, 0);
  // The page itself, apart: it carries the first view's markup and styles where the server paints one.
  const documentGzipBytes = gzipSync((await documentResponse?.body().catch(() => undefined)) ?? Buffer.alloc(0), { level: 9 }).length;
  await context.close();
  // Every request that had ended by then, scripts and styles with their gzip size: where the time went.
  const waterfall = arrived.map(({ url, ...e }) => ({ path: new URL(url).pathname, ...e, gzipBytes: gzipOf.get(url) }));
  return { ...timing, gzipBytes, documentGzipBytes, requests: before.length, waterfall };
}
