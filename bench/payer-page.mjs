// What a payer downloads and waits for before the pay form is usable, in real Chromium with the
// CPU slowed 4x and a fast-3G-like network (Chrome DevTools Protocol), cold cache every run.
// Each run measures the federated product and the same pages built as one ordinary bundle (the
// shell's single-bundle build variant), one after the other, so their ratio is the federation
// overhead on this machine at this moment.
// Usage: node --import tsx bench/payer-page.mjs [--runs 5] [--no-single-bundle] [--against DIR]
// --no-single-bundle measures the federated pages alone, without building the variant (about a
// minute of CPU): for the smoke run, whose figures nobody reads.
// --against DIR also measures another checkout of the repository, built (`npm run build` there),
// from its own server, in the same runs: a change's before and after, side by side. For example
// git worktree add ../before HEAD~3 && (cd ../before && npm ci && npm run build), then
// npm run bench:payer -- --against ../before
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontend } from '../scripts/build.mjs';
import { measurePayerPage } from './lib/payer-measure.mjs';
import { startCheckout, startProduct } from './lib/product.mjs';
import { inTurn, kb, perRunRatio, summarize } from './lib/stats.mjs';
import { cpuSlowdown, launchBrowser, network } from './lib/throttled-browser.mjs';

const resultsDir = process.env.BENCH_RESULTS_DIR ?? fileURLToPath(new URL('./results', import.meta.url));
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const withSingleBundle = !process.argv.includes('--no-single-bundle');
const againstDir = process.argv.includes('--against') ? resolve(process.argv[process.argv.indexOf('--against') + 1]) : undefined;
/** JS and CSS (gzip) a payer page may load before it is usable. */
const BUDGET_KB = 150;
/** The federated page within this of the single bundle's time to usable. */
const OVERHEAD_TARGET = 1.05;
/** Usable within this long (ms), by page; and its largest paint within LCP_TARGET_MS. */
const USABLE_TARGET_MS = { 'pay form /': 1500, 'checkout widget /checkout/{reference}': 1700 };
const LCP_TARGET_MS = 1000;
const root = fileURLToPath(new URL('..', import.meta.url));
/** Where create-config.cjs puts the variant (FRONTENDS_DIR layout: shell/dist). */
const singleBundleDir = join(root, 'bench/.work/single-bundle');

async function createCheckout(baseUrl) {
  const response = await fetch(`${baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${process.env.SECRET_KEY ?? 'sk_demo_paydesk'}`, 'content-type': 'application/json' },
    body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101', amount: 25 }),
  });
  return (await response.json()).data.reference;
}

// The shell's single-bundle variant, built afresh every time so it matches the source, while the
// federated front ends build (or the product starts).
const singleBundleBuilt =
  withSingleBundle &&
  buildFrontend('shell', {
    env: { PAYDESK_BUILD_VARIANT: 'single-bundle' },
    dist: join(singleBundleDir, 'shell', 'dist'),
    name: 'the single-bundle variant of the shell',
  });
const federated = await startProduct();
await singleBundleBuilt;
// Its own server and database. The variant's folder has its shell and mf-payments' build, whose
// first view its server paints as the federated one does: the two differ by federation alone.
if (withSingleBundle) {
  rmSync(join(singleBundleDir, 'mf-payments'), { recursive: true, force: true });
  mkdirSync(join(singleBundleDir, 'mf-payments'));
  symlinkSync(join(root, 'mf-payments', 'dist'), join(singleBundleDir, 'mf-payments', 'dist'));
}
const singleBundle = withSingleBundle ? await startProduct({ FRONTENDS_DIR: singleBundleDir }, { build: false }) : undefined;
// The other checkout, on its own build and server.
const against = againstDir && (await startCheckout(againstDir));
const browser = await launchBrowser();
const pages = {
  'pay form /': { url: () => '/', payButton: /^Pay \$/ },
  'checkout widget /checkout/{reference}': { url: async (baseUrl) => `/checkout/${await createCheckout(baseUrl)}`, payButton: /^Pay$/ },
};
const figures = (samples) =>
  Object.fromEntries(
    ['gzipBytes', 'documentGzipBytes', 'usableMs', 'lcpMs', 'blockingMs', 'requests'].map((k) => [k, summarize(samples.map((s) => s[k]))]),
  );
const report = {
  date: new Date().toISOString(),
  runs,
  network,
  cpuSlowdown,
  budgetKb: BUDGET_KB,
  overheadTarget: OVERHEAD_TARGET,
  usableTargetMs: USABLE_TARGET_MS,
  lcpTargetMs: LCP_TARGET_MS,
  pages: {},
};
try {
  for (const [name, { url, payButton }] of Object.entries(pages)) {
    const builds = { federated, singleBundle, against: against?.product };
    const measured = Object.keys(builds).filter((build) => builds[build]);
    const samples = Object.fromEntries(measured.map((build) => [build, []]));
    for (let i = 0; i < runs; i += 1) {
      for (const build of inTurn(measured, i)) {
        const { baseUrl } = builds[build];
        samples[build].push(await measurePayerPage(browser, `${baseUrl}${await url(baseUrl)}`, payButton));
      }
    }
    const ratioTo = (other) => perRunRatio(samples.federated, other, 'usableMs');
    report.pages[name] = {
      ...figures(samples.federated),
      ...(singleBundle && { singleBundle: figures(samples.singleBundle), usableRatio: ratioTo(samples.singleBundle) }),
      ...(against && { against: { revision: against.revision, ...figures(samples.against) }, againstRatio: ratioTo(samples.against) }),
      waterfall: Object.fromEntries(measured.map((build) => [build, samples[build][0].waterfall])),
    };
  }
} finally {
  await browser.close();
  await federated.stop();
  await singleBundle?.stop();
  await against?.product.stop();
}

const lines = [
  '| page | JS+CSS gzip (KB) | the page itself, gzip (KB) | requests | usable (ms) | LCP (ms) | blocking (ms) | targets |',
  '|---|---|---|---|---|---|---|---|',
];
for (const [name, p] of Object.entries(report.pages)) {
  const range = (s, f = (v) => Math.round(v)) => `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
  const targets = [
    `${kb(p.gzipBytes.median) <= BUDGET_KB ? 'within' : 'OVER'} ${BUDGET_KB} KB`,
    `usable ${p.usableMs.median <= USABLE_TARGET_MS[name] ? 'within' : 'OVER'} ${USABLE_TARGET_MS[name]} ms`,
    `LCP ${p.lcpMs.median <= LCP_TARGET_MS ? 'within' : 'OVER'} ${LCP_TARGET_MS} ms`,
  ];
  lines.push(
    `| ${name} | ${range(p.gzipBytes, kb)} | ${kb(p.documentGzipBytes.median)} | ${p.requests.median} | ${range(p.usableMs)} | ${range(p.lcpMs)} | ${range(p.blockingMs)} | ${targets.join(', ')} |`,
  );
}
const overhead = [
  '| page | single bundle: JS+CSS gzip (KB) | requests | usable (ms) | federation adds | federated ÷ single bundle, usable | target |',
  '|---|---|---|---|---|---|---|',
];
for (const [name, p] of Object.entries(report.pages).filter(([, p]) => p.singleBundle)) {
  const s = p.singleBundle;
  const r = p.usableRatio;
  const adds = `${kb(p.gzipBytes.median - s.gzipBytes.median)} KB, ${p.requests.median - s.requests.median} requests, ${Math.round(p.usableMs.median - s.usableMs.median)} ms`;
  overhead.push(
    `| ${name} | ${kb(s.gzipBytes.median)} | ${s.requests.median} | ${Math.round(s.usableMs.median)} (${Math.round(s.usableMs.min)}–${Math.round(s.usableMs.max)}) | ${adds} | ${r.median.toFixed(2)} (${r.min.toFixed(2)}–${r.max.toFixed(2)}) | ${r.median <= OVERHEAD_TARGET ? 'PASS' : 'FAIL'} ≤ ${OVERHEAD_TARGET} |`,
  );
}
const before = Object.entries(report.pages).filter(([, p]) => p.against);
const beforeLines = [
  `### Against ${against?.revision}`,
  '',
  `The same pages from a checkout of ${against?.revision}, built, from its own server, measured in the same runs (each run one load of each build, taking turns at going first). The ratio is the median of the per-run ratios of time to usable.`,
  '',
  '| page | JS+CSS gzip (KB) | the page itself, gzip (KB) | usable (ms) | LCP (ms) | blocking (ms) | now ÷ then, usable |',
  '|---|---|---|---|---|---|---|',
  ...before.map(([name, p]) => {
    const then = p.against;
    const pair = (k, f = (v) => Math.round(v)) => `${f(then[k].median)} → ${f(p[k].median)}`;
    const r = p.againstRatio;
    return `| ${name} | ${pair('gzipBytes', kb)} | ${pair('documentGzipBytes', kb)} | ${pair('usableMs')} | ${pair('lcpMs')} | ${pair('blockingMs')} | ${r.median.toFixed(2)} (${r.min.toFixed(2)}–${r.max.toFixed(2)}) |`;
  }),
  '',
];
const markdown =
  `## Payer pages\n\n${runs} cold runs each, CPU slowed 4x, 150 ms RTT and 1.6 Mbit/s down; median (min–max).\n\n${lines.join('\n')}\n\n` +
  `### Federation overhead\n\nThe same pages built as one ordinary webpack bundle (\`PAYDESK_BUILD_VARIANT=single-bundle\`: no module federation, no remotes.json or remoteEntry.js, the payer pages imported from source), ` +
  `served by a second server of the same code and measured in the same way, each run a federated and a single-bundle load one after the other (taking turns at going first). ` +
  `The ratio is the median of the per-run ratios of time to usable, with their (min–max).\n\n${withSingleBundle ? overhead.join('\n') : 'Not measured in this run (--no-single-bundle).'}\n` +
  (before.length ? `\n${beforeLines.join('\n')}` : '');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'payer-page.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(resultsDir, 'payer-page.md'), markdown);
console.log(markdown);
