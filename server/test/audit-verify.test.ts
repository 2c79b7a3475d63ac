import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { recordAudit } from '../src/audit/audit-log';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openPgliteDb } from '../src/db/pglite-db';
import { openPostgresDb } from '../src/db/postgres-db';
import { pgliteEngine, testDbKind } from './helper';

/**
 * `npm run audit:verify` as an operator runs it (AUD-07), a child process on a database that
 * outlives it: PGlite in a data folder, or a schema of TEST_DATABASE_URL. The table's owner
 * changes or removes entries with the append-only trigger switched off; the command names the
 * first broken entry and exits non-zero.
 */
const repoRoot = join(__dirname, '..', '..');
let dataDir: string;
let databaseUrl: string | undefined;
let schema: string;

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = databaseUrl
    ? await openPostgresDb(databaseUrl, { searchPath: schema, max: 1 })
    : await openPgliteDb(join(dataDir, 'pglite'), { engine: pgliteEngine() });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/** Runs the command; its exit status and what it printed. */
async function verify(): Promise<{ code: number; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PAYDESK_MODE: 'demo', NODE_ENV: 'production' };
  delete env['DATABASE_URL'];
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    env['DATABASE_URL'] = url.toString();
  }
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/cli/audit-verify.ts'], {
      cwd: repoRoot,
      env,
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

/** As the table's owner, with the append-only trigger off for one statement. */
const tamper = (sql: string, params: unknown[] = []) =>
  withDb((db) =>
    db.transaction(async (tx) => {
      await tx.query('alter table audit_log disable trigger audit_log_append_only');
      await tx.query(sql, params);
      await tx.query('alter table audit_log enable trigger audit_log_append_only');
    }),
  );

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'paydesk-audit-verify-'));
  if (testDbKind === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL;
    schema = `audit_verify_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  await withDb(async (db) => {
    await migrate(db);
    for (let i = 1; i <= 12; i += 1) {
      await recordAudit(db, {
        action: i % 2 ? 'auth.sign_in' : 'card.blocked',
        who: { actor: { id: i, email: `staff${i}@paydesk.test` }, clientIp: '192.0.2.1', userAgent: 'test' },
        target: { type: 'card', id: i },
      });
    }
  });
}, 120_000);

afterAll(async () => {
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

it('exits 0 with the count when the trail is intact', async () => {
  expect(await verify()).toEqual({ code: 0, out: 'Audit trail intact: 12 entries verified.\n' });
}, 60_000);

it('names a changed entry, and is content again once it is put back', async () => {
  const [original] = await withDb((db) =>
    db.query<{ actor_email: string; occurred_at: Date }>('select actor_email, occurred_at from audit_log where id = 4'),
  );
  await tamper(`update audit_log set actor_email = 'someone-else@paydesk.test' where id = 4`);
  const broken = await verify();
  expect(broken.code).not.toBe(0);
  expect(broken.out).toContain(
    `Audit trail broken at entry 4 (${new Date(original!.occurred_at).toISOString()}, card.blocked): its content does not match its hash`,
  );
  await tamper('update audit_log set actor_email = $1 where id = 4', [original!.actor_email]);
  expect((await verify()).code).toBe(0);
}, 60_000);

it('names the entry after a removed one, and notices entries removed at the end', async () => {
  await tamper('delete from audit_log where id = 7');
  const gap = await verify();
  expect(gap.code).not.toBe(0);
  expect(gap.out).toMatch(/Audit trail broken at entry 8 \(\S+, card\.blocked\): entries 7 to 7 are missing/);

  // A forged link: the removed entry's successor rewritten to point past it is still caught by its hash.
  await tamper('update audit_log set prev_hash = (select hash from audit_log where id = 6) where id = 8');
  const forged = await verify();
  expect(forged.code).not.toBe(0);
  expect(forged.out).toContain('Audit trail broken at entry 8');

  await tamper('delete from audit_log where id >= 7');
  const tail = await verify();
  expect(tail.code).not.toBe(0);
  expect(tail.out).toMatch(/Audit trail broken at entry 6 \(\S+, card\.blocked\): the chain's head names entry 12/);
}, 90_000);
