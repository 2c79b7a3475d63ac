import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { recordAudit } from '../src/audit/audit-log';
import { auditKeyOf, useAuditKey } from '../src/audit/audit-chain';
import { checkpointAuditChain, type AuditCheckpoint, type CheckpointState } from '../src/audit/audit-checkpoints';
import type { Db } from '../src/db/db';
import { defaultMigrationsDir, migrate } from '../src/db/migrate';
import { openPgliteDb, wrapPglite } from '../src/db/pglite-db';
import { openPostgresDb } from '../src/db/postgres-db';
import { loadDemoSecrets } from '../src/demo-secrets';
import { captureLogs, pgliteEngine, templateDump, testDbKind, type LogCapture } from './helper';

/**
 * An audit trail in a database that outlives each connection, as the operator's verify command
 * meets it: PGlite in a data folder, or a schema of TEST_DATABASE_URL, with the demo secrets (and
 * so the audit key) in the same data folder. Entries written before migration 028 (`legacy`) go in
 * through migration 026's trigger alone. The trail keeps one database open for all its calls until
 * `release` or `dispose`: opening PGlite costs a second or more of CPU. A PGlite trail starts in
 * memory, from the run's template, and is written to its folder when another process first needs it.
 */
export interface AuditTrail {
  dataDir: string;
  /** TEST_DATABASE_URL with the trail's schema as search_path; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The trail's AUDIT_CHECKPOINT_FILE. */
  checkpointFile: string;
  key: Buffer;
  /** The log lines of the checkpoints taken so far. */
  logs: LogCapture;
  /** Runs `fn` on the trail's database, opened at the first call after a release and kept open. */
  withDb<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Before another process (the verify command, a server) opens the trail's PGlite folder, which
   * one process at a time may hold: writes the trail there if it is still in memory, and closes it.
   * The next withDb opens the folder again. Nothing to do on PostgreSQL.
   */
  release(): Promise<void>;
  /** Appends `count` entries through recordAudit, with the trail's key. */
  write(count: number): Promise<void>;
  /** One run of a process's checkpoint job (a new state: as a process that just started). */
  checkpoint(): Promise<AuditCheckpoint | undefined>;
  /** As the tables' owner with every trigger of both off (the append-only guards and the chain). */
  tamper(fn: (db: Db) => Promise<unknown>): Promise<void>;
  dispose(): Promise<void>;
}

const who = (i: number) => ({ actor: { id: i, email: `staff${i}@paydesk.test` }, clientIp: '192.0.2.1', userAgent: 'test' });

/** The migrations before 028: the schema as it was when the chain was hashed by the database alone. */
function migrationsBefore028(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-migrations-'));
  for (const name of readdirSync(defaultMigrationsDir())) {
    if (Number(name.split('_')[0]) < 28) copyFileSync(join(defaultMigrationsDir(), name), join(dir, name));
  }
  return dir;
}

/** Entries as the database chained them before migration 028, content of every awkward kind. */
export async function writeLegacyEntries(db: Db, count: number): Promise<void> {
  const changes = [
    { name: { from: 'Old "quoted" \\ back', to: 'Névé ☃ 😀 \n\t\u0001' } },
    { event_types: { to: ['payment.succeeded', 'refund.issued'] }, enabled: { from: true, to: false } },
    { amount_cents: { to: 1.5 }, status: { from: null } },
  ];
  for (let i = 1; i <= count; i += 1) {
    await db.query(
      `insert into audit_log (actor_id, actor_email, action, client_ip, user_agent, target_type, target_id, changes)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
      i % 3 === 0
        ? [null, null, 'auth.sign_in_failed', null, null, null, null, '{}']
        : [
            i,
            `staff${i}@paydesk.test`,
            'user.updated',
            '2001:db8::1',
            'Rows/1.0 ("quoted", comma)',
            'user',
            String(i),
            JSON.stringify(changes[i % 3]),
          ],
    );
  }
  // A number as typed in JSON, which jsonb keeps as written.
  await db.query(`insert into audit_log (action, changes) values ('withdrawal.requested', '{"amount_cents": {"to": 1.50}}'::jsonb)`);
}

export async function openAuditTrail({ legacy = 0, entries = 12 } = {}): Promise<AuditTrail> {
  const dataDir = mkdtempSync(join(tmpdir(), 'paydesk-audit-trail-'));
  mkdirSync(dataDir, { recursive: true });
  let databaseUrl: string | undefined;
  let schema: string | undefined;
  if (testDbKind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the server-postgres project');
    schema = `audit_trail_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = withSchema.toString();
  }
  // PGlite: in memory until `release` (loading a dump there costs a third of loading it into a folder).
  const folder = join(dataDir, 'pglite');
  let inMemory: PGlite | undefined;
  let inFolder = false;
  const open = async (): Promise<Db> => {
    if (testDbKind === 'postgres') return openPostgresDb(process.env.TEST_DATABASE_URL!, { searchPath: schema!, max: 1 });
    if (inFolder) return openPgliteDb(folder, { engine: pgliteEngine() });
    // The run's template rather than initdb (seconds of CPU): the bare cluster when entries go in
    // before migration 028, else the one every migration made. Without one, initdb it is.
    const loadDataDir = templateDump(legacy > 0 ? 'empty' : 'migrated');
    inMemory = await pgliteEngine().create(undefined, { extensions: { pg_trgm }, loadDataDir });
    return wrapPglite(inMemory);
  };
  let opened: Promise<Db> | undefined;
  const withDb = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    opened ??= open().catch((error: unknown) => {
      opened = undefined;
      throw error;
    });
    return fn(await opened);
  };
  const close = async () => {
    const pending = opened;
    opened = undefined;
    inMemory = undefined;
    await (await pending?.catch(() => undefined))?.close();
  };
  const key = auditKeyOf({ cardStorageKey: loadDemoSecrets(dataDir).CARD_STORAGE_KEY });
  const { logger, capture } = captureLogs();
  const checkpointFile = join(dataDir, 'audit-checkpoints.jsonl');
  let written = 0;
  const trail: AuditTrail = {
    dataDir,
    databaseUrl,
    checkpointFile,
    key,
    logs: capture,
    withDb,
    release: async () => {
      if (testDbKind !== 'pglite') return;
      const loadDataDir = await inMemory?.dumpDataDir('none');
      await close();
      if (loadDataDir) {
        await (await openPgliteDb(folder, { engine: pgliteEngine(), loadDataDir })).close();
        inFolder = true;
      }
    },
    write: (count) =>
      withDb(async (db) => {
        useAuditKey(key);
        for (let i = 0; i < count; i += 1) {
          written += 1;
          await recordAudit(db, {
            action: written % 2 ? 'auth.sign_in' : 'card.blocked',
            who: who(written),
            target: { type: 'card', id: written },
          });
        }
      }),
    checkpoint: () => withDb((db) => checkpointAuditChain(db, checkpointFile, logger, {} as CheckpointState)),
    tamper: (fn) =>
      withDb((db) =>
        db.transaction(async (tx) => {
          await tx.query('alter table audit_log disable trigger user');
          await tx.query('alter table audit_chain_head disable trigger user');
          await fn(tx);
          await tx.query('alter table audit_log enable trigger user');
          await tx.query('alter table audit_chain_head enable trigger user');
        }),
      ),
    dispose: async () => {
      await close();
      if (schema) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await withDb(async (db) => {
      if (legacy > 0) {
        const before = migrationsBefore028();
        try {
          await migrate(db, before);
        } finally {
          rmSync(before, { recursive: true, force: true });
        }
        await writeLegacyEntries(db, legacy - 1);
      }
      await migrate(db);
    });
    await trail.write(entries);
  } catch (error) {
    await trail.dispose();
    throw error;
  }
  return trail;
}

/** Re-hashes entries `from` to the end as the database's own function would (plain SHA-256), and the head after them. */
export const rehashFrom = (db: Db, from: number, { unkeyed = false } = {}) =>
  db.query(
    `do $$
     declare
       entry record;
       previous bytea;
     begin
       select hash into previous from audit_log where id = ${from - 1};
       previous := coalesce(previous, decode(repeat('00', 32), 'hex'));
       for entry in select * from audit_log where id >= ${from} order by id loop
         previous := sha256(previous || convert_to(audit_entry_text(entry.id, entry.occurred_at, entry.actor_id, entry.actor_email,
           entry.action, entry.client_ip, entry.user_agent, entry.target_type, entry.target_id, entry.changes), 'UTF8'));
         update audit_log set prev_hash = coalesce((select hash from audit_log where id = entry.id - 1), decode(repeat('00', 32), 'hex')), hash = previous
           ${unkeyed ? ', hash_scheme = 1' : ''} where id = entry.id;
       end loop;
       update audit_chain_head set last_hash = previous ${unkeyed ? ', last_scheme = 1' : ''};
     end
     $$`,
  );
