import pg from 'pg';
import { insideTransaction, preparedName, type Db } from './db';

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
  max?: number;
}

export async function openPostgresDb(url: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: typeParsers,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  await pool.query('select 1');
  return {
    query: async <T>(sql: string, params?: readonly unknown[]) => (await pool.query(statement(sql, params))).rows as T[],
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
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
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
