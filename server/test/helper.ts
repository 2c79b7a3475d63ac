import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, onRouteHookHandler } from 'fastify';
import pg from 'pg';
import { pino, type Logger } from 'pino';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { ephemeralConfig, type EphemeralConfig } from '../src/ephemeral-config';
import { migrate } from '../src/db/migrate';
import { openPgliteDb } from '../src/db/pglite-db';
import { openPostgresDb } from '../src/db/postgres-db';
import { seedDemo } from '../src/demo/seed-demo';
import { loggerOptions } from '../src/logger';
import { templateFile, TEMPLATES_DIR_VARIABLE, type DbTemplate } from './db-template-names';

/** Set per jest project (jest.config.mjs): 'pglite' or 'postgres'. */
export const testDbKind = (globalThis as { PAYDESK_TEST_DB?: string }).PAYDESK_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** The demo accounts' password: one per jest run (global-setup.ts), as the seeded templates have it. */
export const TEST_PASSWORD = process.env.PAYDESK_TEST_PASSWORD ?? `Test-password-${randomBytes(4).toString('hex')}-9`;

export interface TestDb {
  db: Db;
  dispose(): Promise<void>;
}

/** PGlite's ESM build, compiled by jest like our code (see openPgliteDb). */
export const pgliteEngine = (): typeof PGlite =>
  jest.requireActual<{ PGlite: typeof PGlite }>(join(dirname(require.resolve('@electric-sql/pglite')), 'index.js')).PGlite;

/** The dump of a template made for this jest run (global-setup.ts), if there is one (server-pglite only). */
export function templateDump(template: DbTemplate): Blob | undefined {
  const dir = process.env[TEMPLATES_DIR_VARIABLE];
  const file = dir && templateFile(dir, template);
  return file && existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * A test database holds a few hundred rows: 16 MB of buffers instead of PGlite's 128 MB, which the
 * WebAssembly heap zeroes at every start (about 0.15 CPU-s of each open).
 */
const pgliteTestSettings = { shared_buffers: '16MB' };

async function openPgliteTestDb(template: DbTemplate): Promise<TestDb & { fromTemplate: boolean }> {
  const loadDataDir = templateDump(template);
  const db = await openPgliteDb(undefined, { engine: pgliteEngine(), loadDataDir, settings: pgliteTestSettings });
  return { db, dispose: () => db.close(), fromTemplate: loadDataDir !== undefined };
}

/** A fresh empty database: in-memory PGlite, or a new schema on TEST_DATABASE_URL dropped afterwards. */
/** `poolMax`: PostgreSQL connections (four unless told). */
export async function openTestDb({ poolMax = 4 } = {}): Promise<TestDb> {
  if (testDbKind === 'pglite') return openPgliteTestDb('empty');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the server-postgres project');
  const schema = `paydesk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const db = await openPostgresDb(url, { searchPath: schema, max: poolMax });
  return {
    db,
    dispose: async () => {
      await db.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

/** A fresh database with every migration applied (on PGlite, loaded from the run's template). */
export async function openMigratedTestDb({ poolMax = 4 } = {}): Promise<TestDb> {
  if (testDbKind === 'pglite') {
    const testDb = await openPgliteTestDb('migrated');
    if (!testDb.fromTemplate) await migrate(testDb.db);
    return testDb;
  }
  const testDb = await openTestDb({ poolMax });
  await migrate(testDb.db);
  return testDb;
}

/** A migrated database seeded with the demo accounts (password TEST_PASSWORD) and 0 or 60 transactions. */
export async function openSeededTestDb({ poolMax = 4, transactions }: { poolMax?: number; transactions: 0 | 60 }): Promise<TestDb> {
  if (testDbKind === 'pglite') {
    const testDb = await openPgliteTestDb(transactions === 0 ? 'seeded-0' : 'seeded-60');
    if (testDb.fromTemplate) return testDb;
    await migrate(testDb.db);
    await seedDemo(testDb.db, { password: TEST_PASSWORD, transactions });
    return testDb;
  }
  const testDb = await openMigratedTestDb({ poolMax });
  await seedDemo(testDb.db, { password: TEST_PASSWORD, transactions });
  return testDb;
}

export interface RecordingTestDb {
  /** The database. */
  readonly db: Db;
  /** The same database, writing down the text of every statement it is sent in `statements`. */
  readonly recording: Db;
  /** Emptied before each test. */
  readonly statements: string[];
}

/**
 * For a test file: a fresh migrated database (openTestDb) for all its tests and a view of it that
 * records its statements. Registers the file's hooks that open, empty and dispose of them.
 */
export function useRecordingTestDb(): RecordingTestDb {
  let testDb: TestDb | undefined;
  const statements: string[] = [];
  const open = (): Db => {
    if (!testDb) throw new Error('the test database opens in beforeAll');
    return testDb.db;
  };
  beforeAll(async () => {
    testDb = await openMigratedTestDb();
  });
  afterAll(() => testDb?.dispose());
  beforeEach(() => {
    statements.length = 0;
  });
  return {
    get db() {
      return open();
    },
    recording: {
      query: (sql, params) => (statements.push(sql), open().query(sql, params)),
      exec: (sql) => (statements.push(sql), open().exec(sql)),
      transaction: (fn) => open().transaction(fn),
      close: () => open().close(),
    },
    statements,
  };
}

export const testConfig = ephemeralConfig;

/** Log lines written by the app under test, parsed, and the text as it was written. */
export interface LogCapture {
  lines: Record<string, unknown>[];
  written: string[];
}

export function captureLogs(): { logger: Logger; capture: LogCapture } {
  const capture: LogCapture = { lines: [], written: [] };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      capture.written.push(chunk.toString());
      capture.lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ ...loggerOptions('info') }, stream), capture };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: EphemeralConfig;
  logs: LogCapture;
  close(): Promise<void>;
}

/**
 * The app on a migrated database seeded with the demo accounts (password TEST_PASSWORD) and a few
 * transactions. Not yet ready: a test may add routes before its first inject.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: { onRoute?: onRouteHookHandler; poolMax?: number; db?: Db } = {},
): Promise<TestApp> {
  // On another app's database (`db`), for apps that differ in configuration only; it stays open.
  const testDb = options.db
    ? { db: options.db, dispose: async () => undefined }
    : await openSeededTestDb({ poolMax: options.poolMax, transactions: 60 });
  const config = testConfig(env);
  const { logger, capture } = captureLogs();
  const app = await buildApp({ config, db: testDb.db, logger, onRoute: options.onRoute });
  return {
    app,
    db: testDb.db,
    config,
    logs: capture,
    close: async () => {
      await app.close();
      await testDb.dispose();
    },
  };
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.body}`);
  return (response.json() as { data: { token: string } }).data.token;
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });
