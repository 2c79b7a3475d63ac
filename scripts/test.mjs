// npm test: one jest run over every workspace (unit, API on PGlite and, when TEST_DATABASE_URL is
// set, on PostgreSQL, and the browser tests), closing with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { remotes, root } from './frontends.mjs';

// The browser tests drive Chromium's headless shell when it is installed, as Playwright does by
// default: the same Blink without the full browser's window machinery, a third less CPU per test
// (docs/decisions/test-run-cpu-budget.md). CHROMIUM_PATH, when set, names the browser.
const chromium =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find(existsSync) ?? '/usr/bin/chromium';
const inCi = Boolean(process.env.CI) && process.env.CI !== 'false';
const jestArgs = process.argv.slice(2);

if (!existsSync(chromium)) {
  if (inCi) {
    console.error(`Chromium not found at ${chromium}: CI runs the browser tests (apt-get install -y chromium-headless-shell).`);
    process.exit(1);
  }
  console.log(
    `Browser tests not run: Chromium not found at ${chromium} (apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH).`,
  );
  jestArgs.push('--selectProjects', ...projectsWithoutE2e());
}

function projectsWithoutE2e() {
  const names = ['shared', 'shell', ...remotes.map((remote) => remote.dir), 'server-pglite', 'scripts'];
  return process.env.TEST_DATABASE_URL ? [...names, 'server-postgres', 'bench'] : names;
}

const work = mkdtempSync(path.join(tmpdir(), 'paydesk-test-'));
const report = path.join(work, 'jest.json');
// One worker more than the cores: the browser tests spend part of their time waiting for the
// browser and the product, which a third worker fills (docs/decisions/test-run-cpu-budget.md).
const workers = availableParallelism() + 1;
// A larger young generation for jest's workers and the servers they start: fewer scavenges of the
// short-lived objects a test file makes by the million (about a twentieth less CPU on PGlite's files).
const nodeOptions = [process.env.NODE_OPTIONS, '--max-semi-space-size=32'].filter(Boolean).join(' ');
const run = spawnSync('npx', ['jest', `--maxWorkers=${workers}`, '--json', `--outputFile=${report}`, ...jestArgs], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium, NODE_OPTIONS: nodeOptions },
});

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, 'utf8'));
  passed = result.numPassedTests;
  // A suite that could not run at all counts as a failure too.
  failed = result.numFailedTests + result.numRuntimeErrorTestSuites;
}
rmSync(work, { recursive: true, force: true });
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status ?? 1);
