// What a payer downloads and waits for before the pay form is usable, in real Chromium with the
// CPU slowed 4x and a fast-3G-like network (Chrome DevTools Protocol), cold cache every run.
// Usage: node bench/payer-page.mjs [--runs 5]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startProduct } from './lib/product.mjs';
import { kb, summarize } from './lib/stats.mjs';
import { cpuSlowdown, launchBrowser, network, throttledPage } from './lib/throttled-browser.mjs';

const resultsDir = process.env.BENCH_RESULTS_DIR ?? fileURLToPath(new URL('./results', import.meta.url));
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const BUDGET_KB = 200;

async function measure(browser, url, payButton) {
  const { context, page } = await throttledPage(browser);
  await page.addInitScript(({ source, flags }) => {
    window.__lcp = 0;
    window.__blocking = 0;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => (window.__lcp = e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => list.getEntries().forEach((e) => (window.__blocking += Math.max(0, e.duration - 50)))).observe({ type: 'longtask', buffered: true });
    // Usable: the moment the pay button is in the page, as the page's own clock sees it.
    const pattern = new RegExp(source, flags);
    new MutationObserver((_changes, observer) => {
      if (![...document.querySelectorAll('button')].some((button) => pattern.test(button.textContent.trim()))) return;
      window.__usableAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, { source: payButton.source, flags: payButton.flags });
  const assets = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') assets.push(response);
  });
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByRole('button', { name: payButton }).waitFor();
  // Counted: the scripts and styles that had finished arriving when the form became usable (by
  // the page's resource timing). What the page fetches afterwards (the card dialog, while the
  // payer reads or types) was not waited for.
  const { arrived, ...timing } = await page.evaluate(() => ({
    usableMs: window.__usableAt,
    lcpMs: window.__lcp,
    blockingMs: window.__blocking,
    arrived: performance.getEntriesByType('resource').filter((e) => e.responseEnd <= window.__usableAt).map((e) => e.name),
  }));
  const before = assets.filter((response) => arrived.includes(response.url()));
  const bodies = await Promise.all(before.map((response) => response.body().catch(() => Buffer.alloc(0))));
  const gzipBytes = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  await context.close();
  return { ...timing, gzipBytes, requests: before.length };
}

async function createCheckout(baseUrl) {
  const response = await fetch(`${baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.SECRET_KEY ?? 'sk_demo_paydesk'}`, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101', amount: 25 }),
  });
  return (await response.json()).data.reference;
}

const product = await startProduct();
const browser = await launchBrowser();
const pages = {
  'pay form /': { url: () => '/', payButton: /^Pay \$/ },
  'checkout widget /checkout/{reference}': { url: async () => `/checkout/${await createCheckout(product.baseUrl)}`, payButton: /^Pay$/ },
};
const report = { date: new Date().toISOString(), runs, network, cpuSlowdown, budgetKb: BUDGET_KB, pages: {} };
try {
  for (const [name, { url, payButton }] of Object.entries(pages)) {
    const samples = [];
    for (let i = 0; i < runs; i += 1) samples.push(await measure(browser, `${product.baseUrl}${await url()}`, payButton));
    report.pages[name] = Object.fromEntries(['gzipBytes', 'usableMs', 'lcpMs', 'blockingMs', 'requests'].map((k) => [k, summarize(samples.map((s) => s[k]))]));
  }
} finally {
  await browser.close();
  product.stop();
}

const lines = ['| page | JS+CSS gzip (KB) | requests | usable (ms) | LCP (ms) | blocking (ms) | budget |', '|---|---|---|---|---|---|---|'];
for (const [name, p] of Object.entries(report.pages)) {
  const range = (s, f = (v) => Math.round(v)) => `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
  lines.push(`| ${name} | ${range(p.gzipBytes, kb)} | ${p.requests.median} | ${range(p.usableMs)} | ${range(p.lcpMs)} | ${range(p.blockingMs)} | ${kb(p.gzipBytes.median) <= BUDGET_KB ? 'within' : 'OVER'} ${BUDGET_KB} KB |`);
}
const markdown = `## Payer pages\n\n${runs} cold runs each, CPU slowed 4x, 150 ms RTT and 1.6 Mbit/s down; median (min–max).\n\n${lines.join('\n')}\n`;
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'payer-page.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(resultsDir, 'payer-page.md'), markdown);
console.log(markdown);
