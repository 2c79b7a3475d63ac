import { join } from 'node:path';
import type { Config } from '../config';
import type { Db } from './db';
import { openPgliteDb } from './pglite-db';
import { openPostgresDb } from './postgres-db';

/** DATABASE_URL selects a PostgreSQL server; without it, PGlite in DATA_DIR/pglite. */
export const openDb = (config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> =>
  config.databaseUrl ? openPostgresDb(config.databaseUrl) : openPgliteDb(join(config.dataDir, 'pglite'));
