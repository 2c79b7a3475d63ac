import pg from 'pg';
import { DbBusyError, defaultDbLimits, guardedDb, insideTransaction, preparedName, type Db, type DbLimits } from './db';

// int8 (bigserial ids, bigint cents, count(*)) as a JS number, as PGlite already does.
// Every value we store is far below 2^53.
const int8 = 20;
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === int8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A statement marked with `prepared` goes as a named statement, which `pg` parses once per connection. */
const statement = (sql: string, params?: readonly unknown[]): pg.QueryConfig => {
  const values = params ? [...params] : undefined;
  const name = preparedName(sql);
  return name === undefined ? { text: sql, values } : { name, text: sql, values };
};

export interface PostgresOptions {
  /** Isolates a test run in its own schema. */
  searchPath?: string;
  /** Overrides of defaultDbLimits. */
  limits?: Partial<DbLimits>;
  /** Connections per process (limits.poolMax). */
  max?: number;
}

/** pg's own message when no connection came free within connectionTimeoutMillis. */
const isAcquireTimeout = (error: unknown): boolean =>
  error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message);

export async function openPostgresDb(url: string, options: PostgresOptions = {}): Promise<Db> {
  const limits = { ...defaultDbLimits, ...options.limits, ...(options.max ? { poolMax: options.max } : {}) };
  const settings = [
    ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
    `-c statement_timeout=${limits.statementTimeoutMs}`,
    `-c lock_timeout=${limits.lockTimeoutMs}`,
    `-c idle_in_transaction_session_timeout=${limits.idleInTransactionTimeoutMs}`,
  ];
  const pool = new pg.Pool({
    connectionString: url,
    max: limits.poolMax,
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    // A peer that vanished without closing the connection is found by TCP keepalive, not never.
    keepAlive: true,
    types: typeParsers,
    options: settings.join(' '),
  });
  // An idle connection that the server ended (idle_in_transaction, a restart) must not crash the process.
  pool.on('error', () => undefined);
  const busy = (error: unknown): never => {
    throw isAcquireTimeout(error) ? new DbBusyError(`No database connection came free within ${limits.acquireTimeoutMs} ms`) : error;
  };
  await pool.query('select 1');
  return guardedDb({
    query: async <T>(sql: string, params?: readonly unknown[]) => (await pool.query(statement(sql, params)).catch(busy)).rows as T[],
    exec: async (sql) => {
      await pool.query(sql).catch(busy);
    },
    transaction: async (fn) => {
      const client = await pool.connect().catch(busy);
      let broken = false;
      // While checked out, a connection the server ends (idle_in_transaction_session_timeout, a
      // restart) reports it as an 'error' event that nobody else listens to: unheard, it would end
      // the process. The transaction's next statement fails instead, and the connection is dropped.
      const ended = () => {
        broken = true;
      };
      client.on('error', ended);
      try {
        await client.query('begin');
        const result = await fn(
          insideTransaction({
            query: async <T>(sql: string, params?: readonly unknown[]) => (await client.query(statement(sql, params))).rows as T[],
            exec: async (sql) => {
              await client.query(sql);
            },
          }),
        );
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {
          broken = true;
        });
        throw error;
      } finally {
        // A connection whose rollback failed is in an unknown state: it is closed, not reused.
        client.off('error', ended);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  });
}
