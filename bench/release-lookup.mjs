// What the release registry costs the pages that read it: /remotes.json (each page load's remote
// list, chosen per browser) and the pay form's time to usable, side by side on two servers of the
// same build: one whose registry holds every remote live with a history and a canary of the payment
// remote, one whose registry is empty (the local builds, as before the registry).
// Usage: npm run bench:releases -- [--runs 5] [--requests 1000]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../server/src/demo-password.ts';
import { measurePayerPage } from './lib/payer-measure.mjs';
import { startProduct } from './lib/product.mjs';
import { inTurn, log, perRunRatio, summarize } from './lib/stats.mjs';
import { cpuSlowdown, launchBrowser, network } from './lib/throttled-browser.mjs';

const resultsDir = process.env.BENCH_RESULTS_DIR ?? fileURLToPath(new URL('./results', import.meta.url));
const arg = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const runs = arg('--runs', 5);
const requests = arg('--requests', 1000);
/** The payer page with the registry within 1.05x of the same page without it (time to usable). */
const TARGET = 1.05;
const HISTORY = 10;
const password = process.env.DEMO_PASSWORD ?? DEMO_PASSWORD;

async function json(url, init = {}) {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const signIn = async (baseUrl) =>
  (await json(`${baseUrl}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: 'superadmin@paydesk.test', password }) })).data
    .token;

/** mf_payments released HISTORY more times (the same files: the gate reads them from this server), the newest a 10 % canary. */
async function addHistory(baseUrl) {
  const headers = { authorization: `Bearer ${await signIn(baseUrl)}` };
  const remote = `${baseUrl}/api/platform/remotes/mf_payments`;
  for (let i = 1; i <= HISTORY; i += 1) {
    await json(`${remote}/releases`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ version: `1.0.${i}`, entry: `${baseUrl}/remotes/mf-payments/` }),
    });
  }
  await json(`${remote}/releases/1.0.${HISTORY}/promote`, { method: 'POST', headers, body: JSON.stringify({ percent: 10 }) });
  const { data } = await json(`${baseUrl}/api/platform/remotes`, { headers });
  return { remotes: data.length, releases: data.reduce((n, r) => n + r.releases.length, 0) };
}

/** An empty registry: the demo data seeded while no front end was built, then the product served on it. */
async function withoutRegistry() {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-bench-empty-'));
  const seeding = await startProduct({ FRONTENDS_DIR: join(dataDir, 'no-front-ends') }, { build: false, dataDir });
  await seeding.stop();
  const product = await startProduct({}, { build: false, dataDir });
  return { ...product, stop: async () => (await product.stop(), rmSync(dataDir, { recursive: true, force: true })) };
}

/** Milliseconds per /remotes.json, one request at a time, as a payer (its rollout cookie) or a signed-in staff member. */
async function remotesJsonTimes(baseUrl, headers, count) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const t0 = performance.now();
    const response = await fetch(`${baseUrl}/remotes.json`, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - t0);
  }
  return times;
}

const p95 = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];
const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

log('starting two servers of the same build: a full registry, and an empty one');
const full = await startProduct();
const empty = await withoutRegistry();
const products = { registry: full, empty };
const browser = await launchBrowser();
const report = { date: new Date().toISOString(), runs, requests, network, cpuSlowdown, target: TARGET, remotesJson: {}, payForm: {} };
try {
  report.registry = await addHistory(full.baseUrl);
  const who = {
    payer: async () => ({ cookie: 'paydesk_rollout=bench-browser-0001' }),
    staff: async (baseUrl) => ({ authorization: `Bearer ${await signIn(baseUrl)}` }),
  };
  for (const [name, headersOf] of Object.entries(who)) {
    const times = { registry: [], empty: [] };
    const headers = { registry: await headersOf(full.baseUrl), empty: await headersOf(empty.baseUrl) };
    // Warm both, then blocks of 50 taking turns, so neither meets the machine in a state of its own.
    for (const key of Object.keys(products)) await remotesJsonTimes(products[key].baseUrl, headers[key], 50);
    for (let done = 0; done < requests; done += 50) {
      for (const key of done % 100 === 0 ? ['registry', 'empty'] : ['empty', 'registry']) {
        times[key].push(...(await remotesJsonTimes(products[key].baseUrl, headers[key], 50)));
      }
    }
    report.remotesJson[name] = Object.fromEntries(
      Object.entries(times).map(([key, t]) => [key, { median: round(summarize(t).median), p95: round(p95(t)) }]),
    );
  }
  log('/remotes.json measured; the pay form, cold, throttled');
  const samples = { registry: [], empty: [] };
  for (let i = 0; i < runs; i += 1) {
    for (const key of inTurn(['registry', 'empty'], i)) {
      samples[key].push(await measurePayerPage(browser, `${products[key].baseUrl}/`, /^Pay \$/));
    }
  }
  report.payForm = {
    registry: summarize(samples.registry.map((s) => s.usableMs)),
    empty: summarize(samples.empty.map((s) => s.usableMs)),
    usableRatio: perRunRatio(samples.registry, samples.empty, 'usableMs'),
  };
} finally {
  await browser.close();
  await full.stop();
  await empty.stop();
}

const range = (s) => `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})`;
const { payForm, remotesJson } = report;
const markdown = [
  '## Release lookup',
  '',
  `Two servers of the same build, side by side: one whose registry has every local remote live, ${HISTORY} more releases of mf_payments and a 10 % canary of it (${report.registry.releases} releases of ${report.registry.remotes} remotes), one whose registry is empty.`,
  '',
  `/remotes.json, ${requests} requests one at a time to each, in blocks taking turns (ms, median and p95):`,
  '',
  '| asked by | with the registry | empty registry |',
  '|---|---|---|',
  ...Object.entries(remotesJson).map(
    ([name, r]) => `| ${name} | ${r.registry.median} / ${r.registry.p95} | ${r.empty.median} / ${r.empty.p95} |`,
  ),
  '',
  `The pay form (\`/\`), ${runs} cold runs each, CPU slowed ${cpuSlowdown}x, ${network.latency} ms RTT; time to usable, median (min–max):`,
  '',
  '| with the registry (ms) | empty registry (ms) | ratio, per pair | target |',
  '|---|---|---|---|',
  `| ${range(payForm.registry)} | ${range(payForm.empty)} | ${payForm.usableRatio.median.toFixed(2)} (${payForm.usableRatio.min.toFixed(2)}–${payForm.usableRatio.max.toFixed(2)}) | ${payForm.usableRatio.median <= TARGET ? 'PASS' : 'FAIL'} ≤ ${TARGET} |`,
  '',
].join('\n');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'release-lookup.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(resultsDir, 'release-lookup.md'), markdown);
console.log(markdown);
