// Time to a usable back office after sign-in (PERF-03), in real Chromium with the
// CPU slowed 4x and a fast-3G-like network, cold cache every run, against N transactions on
// PostgreSQL. Each run signs the demo admin in through the real sign-in page; the clock starts
// at the form's submit.
//
//   npm run bench:back-office                       1,000,000 transactions, 3 runs per page
//   npm run bench:back-office -- --transactions 10000 --runs 1
//
// Options: --transactions N (default 1000000), --runs R (default 3), --seed S (default 42),
// --database-url URL (default $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test),
// --schema NAME: use schema NAME as already seeded (bench/transactions-api.mjs --keep-schema
// NAME) instead of seeding a new one; either way the schema is dropped at the end.
// --against DIR also measures another checkout of the repository, built (`npm run build` there),
// from its own server on the same database, in the same runs: a change's before and after.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../server/src/demo-password.ts';
import { measureSignIn, pages } from './lib/back-office-run.mjs';
import { backOfficeMarkdown } from './lib/back-office-markdown.mjs';
import { startCheckout, startProduct } from './lib/product.mjs';
import { fmtInt, log, openPostgres, runCleanups, secondsSince, seed, urlWithSchema } from './lib/scale-data.mjs';
import { inTurn, perRunRatio, summarize } from './lib/stats.mjs';
import { cpuSlowdown, launchBrowser, network } from './lib/throttled-browser.mjs';

const resultsDir = process.env.BENCH_RESULTS_DIR ?? fileURLToPath(new URL('./results', import.meta.url));
const { values: args } = parseArgs({
  options: {
    transactions: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '42' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    schema: { type: 'string' },
    against: { type: 'string' },
  },
});
const count = Number(args.transactions.replace(/[_,]/g, ''));
const runs = Number(args.runs);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(runs) || runs < 1)
  throw new Error('--transactions and --runs must be positive integers');
const password = process.env.DEMO_PASSWORD ?? DEMO_PASSWORD;

/** The database the product serves: seeded here (as transactions-api.mjs does) or handed on. */
async function prepareDatabase() {
  const url = args['database-url'];
  const { db, schema, version } = args.schema ? await openPostgres(url, { schema: args.schema, create: false }) : await openPostgres(url);
  let seeding = `seeded earlier into schema ${schema} (bench/transactions-api.mjs --keep-schema)`;
  if (!args.schema) {
    log(`seeding ${fmtInt(count)} transactions into schema ${schema}`);
    const t0 = performance.now();
    const timings = await seed(db, { password, count, seed: Number(args.seed), demoTransactions: 100 });
    seeding = `seeded in ${secondsSince(t0)} s (${timings.transactions_s} s transactions, ${timings.ledger_s} s ledger)`;
  }
  const [{ rows }] = await db.query('select count(*)::bigint as rows from transactions');
  await db.close();
  if (rows === 0) throw new Error(`schema ${schema} holds no transactions`);
  return { url: urlWithSchema(url, schema), database: version, transactions: rows, seeding };
}

/** Loopback round trips of the calls the page made, unthrottled: what the server itself takes. */
async function loopbackTimes(baseUrl, paths) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@paydesk.test', password }),
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const times = {};
  for (const path of paths) {
    const samples = [];
    for (let i = 0; i < 6; i += 1) {
      const t0 = performance.now();
      const response = await fetch(`${baseUrl}${path}`, { headers });
      await response.arrayBuffer();
      if (i > 0) samples.push(performance.now() - t0); // the first warms the connection
    }
    times[path] = summarize(samples);
  }
  return times;
}

const report = {
  benchmark: 'bench/back-office-page.mjs',
  command: `node --import tsx bench/back-office-page.mjs ${process.argv.slice(2).join(' ')}`.trim(),
  runs,
  network,
  cpuSlowdown,
  pages: {},
};
const figures = [
  'usableMs',
  'figuresMs',
  'clickedMs',
  'shownMs',
  'dataInMs',
  'codeInMs',
  'lcpMs',
  'blockingMs',
  'signInPageMs',
  'gzipBytes',
  'afterSubmitGzipBytes',
  'requests',
];
const summarized = (samples) =>
  Object.fromEntries(
    figures.map((k) => {
      const measured = samples.map((s) => s[k]).filter((v) => v !== null && v !== undefined);
      return [k, measured.length > 0 ? summarize(measured) : null];
    }),
  );
const products = {};
let browser;
try {
  Object.assign(report, await prepareDatabase());
  log(`${report.database}, ${fmtInt(report.transactions)} transactions; starting the product`);
  const env = { DATABASE_URL: report.url, PAYDESK_MODE: 'demo', DEMO_PASSWORD: password };
  products.now = await startProduct(env);
  if (args.against) {
    // The other checkout, on the same database.
    ({ revision: report.against, product: products.then } = await startCheckout(resolve(args.against), env));
  }
  browser = await launchBrowser();
  const builds = Object.keys(products);
  for (const [name, target] of Object.entries(pages)) {
    const samples = Object.fromEntries(builds.map((build) => [build, []]));
    for (let i = 0; i < runs; i += 1) {
      for (const build of inTurn(builds, i)) {
        const shot = process.env.BENCH_SCREENSHOTS ? join(process.env.BENCH_SCREENSHOTS, `${target.key}-${build}-${i + 1}.png`) : undefined;
        samples[build].push(await measureSignIn(browser, products[build].baseUrl, target, password, shot));
        log(
          `${name}${args.against ? ` (${build})` : ''}: run ${i + 1}, usable ${Math.round(samples[build].at(-1).usableMs)} ms after submit`,
        );
      }
    }
    const paths = [...new Set(samples.now.flatMap((s) => s.api.map((call) => call.path)))];
    // Sign-in is a POST, argon2 on purpose: its browser time says enough.
    const loopback = await loopbackTimes(
      products.now.baseUrl,
      paths.filter((path) => path !== '/api/auth/login'),
    );
    report.pages[name] = {
      ...summarized(samples.now),
      ...(samples.then && {
        then: summarized(samples.then),
        ratio: Object.fromEntries(
          ['usableMs', 'figuresMs']
            .filter((k) => samples.now[0][k] !== undefined)
            .map((k) => [k, perRunRatio(samples.now, samples.then, k)]),
        ),
      }),
      api: paths.map((path) => {
        const calls = samples.now.flatMap((s) => s.api.filter((call) => call.path === path));
        return {
          path,
          browserMs: summarize(calls.map((c) => c.ms)),
          waitMs: summarize(calls.map((c) => c.waitMs)),
          loopbackMs: loopback[path],
        };
      }),
      // Each run's own timeline, to tell waiting on the server from waiting on the code or the CPU.
      timelines: samples.now.map(({ usableMs, figuresMs, clickedMs, shownMs, codeInMs, dataInMs, api }) => ({
        usableMs,
        figuresMs,
        clickedMs,
        shownMs,
        codeInMs,
        dataInMs,
        api,
      })),
    };
  }
} finally {
  await browser?.close();
  await Promise.all(Object.values(products).map((product) => product.stop()));
  await runCleanups();
}

delete report.url;
report.measured_at = new Date().toISOString();
const markdown = backOfficeMarkdown(report);
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'back-office-page.json'), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(resultsDir, 'back-office-page.md'), markdown);
console.log(markdown);
