import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock';
import { insideTransaction, type Db } from './db';

/**
 * Embedded PostgreSQL (WASM). A folder persists between starts; no folder means in memory.
 * `engine` lets jest pass PGlite's ESM build: the CommonJS build jest would pick needs
 * --experimental-vm-modules for its dynamic imports (electric-sql/pglite#224).
 */
export async function openPgliteDb(dataDir?: string, engine: typeof PGlite = PGlite): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let pg: PGlite;
  try {
    // pg_trgm: migration 003 needs it (its trigram index gave way to migration 013's).
    pg = await engine.create(dataDir, { extensions: { pg_trgm } });
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    query: async <T>(sql: string, params?: readonly unknown[]) =>
      (await pg.query<T>(sql, params ? [...params] : undefined)).rows,
    exec: async (sql) => {
      await pg.exec(sql);
    },
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn(
          insideTransaction({
            query: async <T>(sql: string, params?: readonly unknown[]) =>
              (await tx.query<T>(sql, params ? [...params] : undefined)).rows,
            exec: async (sql) => {
              await tx.exec(sql);
            },
          }),
        ),
      ),
    close: async () => {
      await pg.close();
      unlock();
    },
  };
}
