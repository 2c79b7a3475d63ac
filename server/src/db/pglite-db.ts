import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Mutex, withTimeout } from 'async-mutex';
import { lockDataDir } from './data-dir-lock';
import { DbBusyError, defaultDbLimits, guardedDb, insideTransaction, type Db, type DbLimits } from './db';

export interface PgliteOptions {
  /** PGlite's ESM build for jest: the CommonJS build it would pick needs --experimental-vm-modules (electric-sql/pglite#224). */
  engine?: typeof PGlite;
  limits?: Partial<Pick<DbLimits, 'acquireTimeoutMs'>>;
  /** A data folder dumped by PGlite's dumpDataDir, to start from instead of an empty cluster (tests' templates). */
  loadDataDir?: Blob;
  /** PostgreSQL settings beside PGlite's own start parameters, e.g. a smaller shared_buffers for a throwaway test database. */
  settings?: Record<string, string>;
}

/**
 * Embedded PostgreSQL (WASM): one connection in this process. A folder persists between starts;
 * no folder means in memory. Every call waits its turn in one queue, and gives up (DbBusyError)
 * after acquireTimeoutMs without ever running: PGlite's own queue has no timeout, so a call
 * stuck behind a transaction that waits for it would wait forever.
 */
export async function openPgliteDb(dataDir?: string, options: PgliteOptions = {}): Promise<Db> {
  const { engine = PGlite } = options;
  const acquireTimeoutMs = options.limits?.acquireTimeoutMs ?? defaultDbLimits.acquireTimeoutMs;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  let pg: PGlite;
  try {
    // pg_trgm: migration 003 needs it (its trigram index gave way to migration 013's).
    const settings = Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
    pg = await engine.create(dataDir, {
      extensions: { pg_trgm },
      loadDataDir: options.loadDataDir,
      ...(settings.length > 0 && { startParams: [...engine.defaultStartParams, ...settings] }),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  return wrapPglite(pg, acquireTimeoutMs, unlock);
}

/** The Db seam over one PGlite instance; `release` runs after it closes. */
export function wrapPglite(pg: PGlite, acquireTimeoutMs = defaultDbLimits.acquireTimeoutMs, release: () => void = () => undefined): Db {
  const turn = withTimeout(new Mutex(), acquireTimeoutMs, new DbBusyError(`The embedded database was busy for ${acquireTimeoutMs} ms`));
  const inTurn = <T>(fn: () => Promise<T>): Promise<T> => turn.runExclusive(fn);
  return guardedDb({
    query: <T>(sql: string, params?: readonly unknown[]) =>
      inTurn(async () => (await pg.query<T>(sql, params ? [...params] : undefined)).rows),
    exec: (sql) =>
      inTurn(async () => {
        await pg.exec(sql);
      }),
    transaction: (fn) =>
      inTurn(() =>
        pg.transaction((tx) =>
          fn(
            insideTransaction({
              query: async <T>(sql: string, params?: readonly unknown[]) => (await tx.query<T>(sql, params ? [...params] : undefined)).rows,
              exec: async (sql) => {
                await tx.exec(sql);
              },
            }),
          ),
        ),
      ),
    close: async () => {
      await pg.close();
      release();
    },
  });
}
