// Card upload at scale (PERF-06): one generated .xlsx of 100,000 rows uploaded to the
// real server process, as the Card Management dialog sends it (multipart, admin token).
//
//   npm run bench:cards                       100,000 rows, PGlite and PostgreSQL, 3 runs each
//   npm run bench:cards -- --rows 20000 --db pglite --runs 1
//
// Options: --rows N (default 100000), --runs R (default 3), --db pglite|postgres|both (default
// both), --database-url URL (default $BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test).
//
// Every run starts a fresh server (`server/src/main.ts`, demo mode, its own PGlite folder or a new
// PostgreSQL database) so that the peak memory is the upload's: the figure is the server
// process's peak resident set (VmHWM in /proc) after the upload, next to its resident set
// before it. Time is the client's wall time from sending the file to the answer (upload,
// parsing, checks, sealing, the inserts in small statements). Targets: under 15 s and under
// 300 MB. Beside the upload a probe calls /readyz (one database statement) one call after the
// other: its longest time without an answer is how long any request could have waited behind
// the upload (for information; the target is about 100 ms).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as XLSX from '@e965/xlsx';
import { withCheckDigit } from '../shared/src/cards/card-rules.ts';
import { defaultDatabaseUrl, freshDatabase } from './lib/databases.mjs';
import { startProduct } from './lib/product.mjs';
import { summarize } from './lib/stats.mjs';
import { fmtInt, log } from './lib/scale-data.mjs';

const resultsDir = process.env.BENCH_RESULTS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), 'results');
const TARGET_SECONDS = 15;
const TARGET_MB = 300;
const PASSWORD = `Bench-${randomBytes(6).toString('hex')}-1`;

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    db: { type: 'string', default: 'both' },
    'database-url': { type: 'string', default: defaultDatabaseUrl() },
  },
});
const ROWS = Number(args.rows.replace(/[_,]/g, ''));
const RUNS = Number(args.runs);
if (!Number.isInteger(ROWS) || ROWS < 1 || !Number.isInteger(RUNS) || RUNS < 1)
  throw new Error('--rows and --runs must be positive integers');
const kinds = args.db === 'both' ? ['pglite', 'postgres'] : [args.db];

/** A workbook like a card issuer's export: text card numbers and CVVs, a few brands, future expiry. */
function generateWorkbook(rows) {
  const prefixes = ['4', '51', '52', '2221', '6011'];
  const year = new Date().getFullYear();
  const data = [['Card Number', 'CVV', 'Expiry Month', 'Expiry Year']];
  for (let i = 0; i < rows; i += 1) {
    let body = prefixes[i % prefixes.length];
    while (body.length < 15) body += String(Math.floor(Math.random() * 10));
    data.push([withCheckDigit(body), String(100 + (i % 900)), String(1 + (i % 12)), String(year + 1 + (i % 5))]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(data), 'Cards');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true });
}

const memoryMb = (pid, field) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
};

/** Calls /readyz one call after the other until `work` ends: the longest time without an answer. */
async function probeDuring(baseUrl, work) {
  let finished = false;
  let last = performance.now();
  let longestGapMs = 0;
  const probe = (async () => {
    while (!finished) {
      const response = await fetch(`${baseUrl}/readyz`);
      if (!response.ok) throw new Error(`/readyz answered ${response.status}`);
      const now = performance.now();
      longestGapMs = Math.max(longestGapMs, now - last);
      last = now;
    }
  })();
  try {
    return { result: await work, longestGapMs: Math.max(longestGapMs, performance.now() - last) };
  } finally {
    finished = true;
    await probe;
  }
}

async function oneRun(kind, file) {
  const database = await freshDatabase(kind, args['database-url']);
  const product = await startProduct({ ...database.env, DEMO_PASSWORD: PASSWORD, PAYDESK_MODE: 'demo' }, { build: false });
  try {
    const login = await fetch(`${product.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@paydesk.test', password: PASSWORD }),
    });
    const { data } = await login.json();
    const before = memoryMb(product.pid, 'VmRSS');
    const form = new FormData();
    form.append('file', new Blob([file]), 'cards.xlsx');
    const t0 = performance.now();
    const upload = (async () => {
      const response = await fetch(`${product.baseUrl}/api/backend/cards/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${data.token}` },
        body: form,
      });
      return { response, body: await response.json() };
    })();
    const {
      result: { response, body },
      longestGapMs,
    } = await probeDuring(product.baseUrl, upload);
    const seconds = (performance.now() - t0) / 1000;
    if (response.status !== 201 || body.data.added !== ROWS)
      throw new Error(`upload answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { seconds, rssBeforeMb: before, peakMb: memoryMb(product.pid, 'VmHWM'), gapMs: Math.round(longestGapMs) };
  } finally {
    product.stop();
    await new Promise((r) => setTimeout(r, 500));
    await database.drop();
  }
}

log(`Generating ${fmtInt(ROWS)} rows`);
const file = generateWorkbook(ROWS);
log(`cards.xlsx: ${(file.length / 1024 / 1024).toFixed(1)} MB`);
const results = {};
for (const kind of kinds) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const run = await oneRun(kind, file);
    log(
      `${kind} run ${i + 1}: ${run.seconds.toFixed(2)} s, server RSS ${run.rssBeforeMb} MB before, peak ${run.peakMb} MB, longest /readyz gap ${run.gapMs} ms`,
    );
    runs.push(run);
  }
  results[kind] = {
    seconds: summarize(runs.map((r) => r.seconds)),
    peakMb: summarize(runs.map((r) => r.peakMb)),
    rssBeforeMb: summarize(runs.map((r) => r.rssBeforeMb)),
    gapMs: summarize(runs.map((r) => r.gapMs)),
  };
}

// The 300 MB target is for the server beside a PostgreSQL server; with PGlite the database lives
// in the server process, so its figures are for information.
const verdict = (kind, r) =>
  kind === 'pglite'
    ? 'for information: the database is in the server process'
    : r.seconds.median < TARGET_SECONDS && r.peakMb.max < TARGET_MB
      ? 'PASS'
      : 'FAIL';
const lines = [
  '# Card upload benchmark',
  '',
  `${fmtInt(ROWS)} rows in one .xlsx (${(file.length / 1024 / 1024).toFixed(1)} MB), ${RUNS} runs per database, a fresh server each run.`,
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}. ${new Date().toISOString()}`,
  `Reproduce: \`npm run bench:cards -- --rows ${ROWS} --runs ${RUNS} --db ${args.db}\``,
  '',
  `| database | time, median (min–max) | server peak RSS, median (min–max) | RSS before upload | longest /readyz gap, median (max) | target ${TARGET_SECONDS} s / ${TARGET_MB} MB |`,
  '|---|---|---|---|---|---|',
  ...Object.entries(results).map(
    ([kind, r]) =>
      `| ${kind} | ${r.seconds.median.toFixed(2)} s (${r.seconds.min.toFixed(2)}–${r.seconds.max.toFixed(2)}) | ${r.peakMb.median} MB (${r.peakMb.min}–${r.peakMb.max}) | ${r.rssBeforeMb.median} MB | ${r.gapMs.median} ms (${r.gapMs.max}) | ${verdict(kind, r)} |`,
  ),
  '',
];
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'card-upload.md'), lines.join('\n'));
writeFileSync(
  join(resultsDir, 'card-upload.json'),
  `${JSON.stringify({ rows: ROWS, runs: RUNS, fileBytes: file.length, results, at: new Date().toISOString() }, null, 2)}\n`,
);
console.log(lines.join('\n'));
