import { createHash } from 'node:crypto';

/**
 * The one database seam. Two implementations share the same SQL ($1 parameters):
 * embedded PGlite (default) and a PostgreSQL server through `pg`.
 */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters in one call (migration files). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; inside, `tx.transaction` reuses the same transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const insideTransaction = (tx: Omit<Db, 'transaction' | 'close'>): Db => {
  const db: Db = {
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (fn) => fn(db),
    close: () => Promise.reject(new Error('close() inside a transaction')),
  };
  return db;
};

const preparedNames = new Map<string, string>();

/**
 * Marks a statement text to be kept prepared on PostgreSQL: parsed and planned once per
 * connection, then only bound and run. For the payment's statements parse and plan were half of
 * PostgreSQL's CPU (README, Decisions). Only for statements whose best plan does not depend on
 * their values (key lookups, inserts, upserts): after a few runs PostgreSQL may keep one plan for
 * all values, which would be wrong for a search. Returns the text, to be passed to `query`.
 */
export function prepared(sql: string): string {
  if (!preparedNames.has(sql)) preparedNames.set(sql, `paydesk_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`);
  return sql;
}

/** The name of a statement marked with `prepared`, or undefined. */
export const preparedName = (sql: string): string | undefined => preparedNames.get(sql);
