import { join } from 'node:path';
import type { Config } from '../config';
import type { Db } from './db';

/**
 * DATABASE_URL selects a PostgreSQL server; without it, PGlite in DATA_DIR/pglite. Each driver
 * is loaded only when chosen: PGlite alone adds about 47 MB to a process that never uses it.
 */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'dbLimits'>): Promise<Db> {
  if (config.databaseUrl) return (await import('./postgres-db')).openPostgresDb(config.databaseUrl, { limits: config.dbLimits });
  return (await import('./pglite-db')).openPgliteDb(join(config.dataDir, 'pglite'), { limits: config.dbLimits });
}
