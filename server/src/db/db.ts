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
