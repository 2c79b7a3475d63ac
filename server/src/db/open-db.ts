import { join } from 'node:path';
import type { Db, DbLimits } from './db';

/** What opening the database needs of the configuration, which lies above db/ (config.ts). */
export interface DbSettings {
  databaseUrl: string | undefined;
  dataDir: string;
  dbLimits: DbLimits;
}

/**
 * DATABASE_URL selects a PostgreSQL server; without it, PGlite in DATA_DIR/pglite. Each driver
 * is loaded only when chosen: PGlite alone adds about 47 MB to a process that never uses it.
 */
export async function openDb(config: DbSettings): Promise<Db> {
  if (config.databaseUrl) return (await import('./postgres-db')).openPostgresDb(config.databaseUrl, { limits: config.dbLimits });
  return (await import('./pglite-db')).openPgliteDb(join(config.dataDir, 'pglite'), { limits: config.dbLimits });
}
