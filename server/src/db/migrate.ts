import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../repo-root';
import { withoutStatementTimeout, type Db } from './db';

// Any constant works; it only has to be the same in every Paydesk process on a database.
const MIGRATION_LOCK_KEY = 7_311_042_001;
const fileName = /^(\d+)_[a-z0-9_-]+\.sql$/;

export const defaultMigrationsDir = (): string => join(serverRoot(), 'migrations');

export function migrationFiles(dir: string): string[] {
  const byNumber = new Map<number, string>();
  for (const name of readdirSync(dir).filter((file) => file.endsWith('.sql'))) {
    const number = fileName.exec(name)?.[1];
    if (number === undefined) throw new Error(`Migration file name ${name} must look like 001_name.sql`);
    // Two changes made side by side can take one number; their order would then be the names'.
    const taken = byNumber.get(Number(number));
    if (taken) throw new Error(`Migrations ${taken} and ${name} have the same number: give the newer one the next free number`);
    byNumber.set(Number(number), name);
  }
  return [...byNumber].sort(([a], [b]) => a - b).map(([, name]) => name);
}

/**
 * Applies the numbered .sql files not yet in schema_migrations, in order, in one transaction.
 * The advisory lock makes a second process starting at the same moment wait, then find
 * everything applied. Returns the names applied by this call.
 */
export async function migrate(db: Db, dir: string = defaultMigrationsDir()): Promise<string[]> {
  const files = migrationFiles(dir);
  return db.transaction(async (tx) => {
    // An index built over millions of rows may take minutes; waiting for another process's migrations too.
    await withoutStatementTimeout(tx);
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec('create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())');
    const rows = await tx.query<{ version: string }>('select version from schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const pending = files.filter((name) => !applied.has(name));
    for (const name of pending) {
      await tx.exec(readFileSync(join(dir, name), 'utf8'));
      await tx.query('insert into schema_migrations (version) values ($1)', [name]);
    }
    return pending;
  });
}
