// One jest run for the whole repository. The server's integration tests run on embedded PGlite
// or, when TEST_DATABASE_URL is set, on PostgreSQL, with PGlite then running its own suite (see
// embeddedDatabaseSuite). Browser tests are the `e2e` project (they build and start the product;
// see e2e/global-setup.ts).
import { existsSync } from 'node:fs';
import { remotes } from './scripts/frontends.mjs';

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// ESM-only packages that jest must compile like our own code.
const esmPackages = [
  'jose',
  'fastify-type-provider-zod',
  '@electric-sql',
  '@fastify/static/node_modules/content-disposition',
  'content-disposition',
  'light-my-request/node_modules/cookie',
  'cookie',
  // Loads `cookie` with a dynamic import, which jest's CommonJS runtime cannot run uncompiled.
  '@fastify/cookie',
].join('|');
const base = {
  // jest's runtime keeping V8's code cache between a worker's test files (a fifth less CPU).
  runtime: '<rootDir>/../scripts/jest/caching-runtime.cjs',
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
  moduleNameMapper: { '^@paydesk/shared/(.*)$': '<rootDir>/../shared/src/$1' },
};
const web = (dir) => ({
  ...base,
  displayName: dir,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: '<rootDir>/../scripts/jest/jsdom-environment.cjs',
  setupFilesAfterEnv: [
    '<rootDir>/../scripts/jest/web-timeouts.cjs',
    '<rootDir>/../scripts/jest/web-matchers.cjs',
    '<rootDir>/../scripts/jest/web-styles.cjs',
    '<rootDir>/../scripts/jest/web-owner-stacks.cjs',
  ],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  // react-apexcharts imports `apexcharts/client`; jest is given that subpath's CommonJS build.
  moduleNameMapper: { ...base.moduleNameMapper, '^apexcharts/client$': '<rootDir>/../node_modules/apexcharts/dist/apexcharts.common.js' },
});
// With PostgreSQL at hand (TEST_DATABASE_URL, as in CI), the API's whole suite runs there, on the
// production database, and PGlite runs the files that prove the embedded database itself: the
// drivers' parity, migrations, limits and data folder, stored rows, money in one process, the
// audit trail's triggers and command; and who may do what: the authorization matrix, roles and
// passkeys. Without it, or with TEST_PGLITE=all, PGlite runs everything.
// The browser tests run the whole product on PGlite (docs/decisions/test-run-cpu-budget.md).
const embeddedDatabaseSuite = [
  'db-adapters',
  'db-limits',
  'retry-transaction',
  'migrate',
  'data-dir-lock',
  'demo-seed',
  'app',
  'health-probes',
  'stored-rows',
  'checkout-one-payment',
  'refunds-concurrency',
  'wallet-concurrency',
  'idempotency-scope',
  'payment-writer',
  'ledger-checkpoints',
  'audit-anchor',
  'audit-verify',
  'authorization-matrix',
  'roles-api',
  'passkeys',
  'passkey-sign-in',
  'passkey-enrolment',
];
for (const name of embeddedDatabaseSuite) {
  if (!existsSync(new URL(`server/test/${name}.test.ts`, import.meta.url)))
    throw new Error(`jest.config.mjs: no server/test/${name}.test.ts`);
}
const pgliteRunsAll = !process.env.TEST_DATABASE_URL || process.env.TEST_PGLITE === 'all';
const server = (db) => ({
  ...base,
  displayName: `server-${db}`,
  rootDir: '<rootDir>/server',
  testEnvironment: 'node',
  testMatch:
    db === 'postgres' || pgliteRunsAll
      ? ['<rootDir>/{src,test}/**/*.test.ts']
      : embeddedDatabaseSuite.map((name) => `<rootDir>/test/${name}.test.ts`),
  // `*.postgres.test.ts` needs a database server (several processes on one database).
  testPathIgnorePatterns: db === 'pglite' ? ['\\.postgres\\.test\\.ts$'] : [],
  setupFilesAfterEnv: ['<rootDir>/../scripts/jest/timeouts.cjs'],
  globals: { PAYDESK_TEST_DB: db },
  // Both build server/dist first, which the tests start the server and its CLIs from (server/test/built-server.ts).
  // PGlite: also the databases every file starts from, made once per run (server/test/db-templates.ts).
  ...(db === 'pglite'
    ? { globalSetup: '<rootDir>/test/global-setup.ts', globalTeardown: '<rootDir>/test/global-teardown.ts' }
    : { globalSetup: '<rootDir>/test/built-server.ts' }),
});

// Every benchmark once at tiny sizes (bench/smoke-steps.json): the API's on PostgreSQL, which they
// measure, and those that drive a browser as a project of their own, run only where Chromium is.
const benchSmoke = (name, file) => ({
  ...base,
  displayName: name,
  rootDir: '<rootDir>/bench',
  testEnvironment: 'node',
  testMatch: [`<rootDir>/${file}`],
  setupFilesAfterEnv: ['<rootDir>/../scripts/jest/timeouts.cjs'],
});

const projects = [
  // Each remote is a project of its own, by the one list (shared/src/remote-packages.json).
  ...['shared', 'shell', ...remotes.map((remote) => remote.dir)].map(web),
  server('pglite'),
  ...(process.env.TEST_DATABASE_URL
    ? [server('postgres'), benchSmoke('bench', 'api-smoke.test.ts'), benchSmoke('bench-browser', 'browser-smoke.test.ts')]
    : []),
  // Tests of the repository's own tooling (the lint walls).
  {
    ...base,
    displayName: 'scripts',
    rootDir: '<rootDir>/scripts',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/*.test.ts'],
    setupFilesAfterEnv: ['<rootDir>/jest/timeouts.cjs'],
  },
  {
    ...base,
    displayName: 'e2e',
    rootDir: '<rootDir>/e2e',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/tests/**/*.test.ts'],
    globalSetup: '<rootDir>/global-setup.ts',
    globalTeardown: '<rootDir>/global-teardown.ts',
    setupFilesAfterEnv: ['<rootDir>/support/timeouts.ts'],
  },
];

export default {
  projects,
  // Longest files first, by jest's own timings or, on a fresh clone, the recorded ones.
  testSequencer: '<rootDir>/scripts/jest/sequencer.cjs',
  // The slowest files at the end of every run; their durations on request (the reporter says how).
  reporters: ['default', '<rootDir>/scripts/jest/durations-reporter.cjs'],
};
