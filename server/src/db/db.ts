import { createHash } from 'node:crypto';
import { transactionGuard } from './transaction-guard';

/**
 * The one database seam. Two implementations share the same SQL ($1 parameters):
 * embedded PGlite (default) and a PostgreSQL server through `pg`.
 */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters in one call (migration files). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` in one transaction; inside, `tx.transaction` reuses the same transaction. Inside
   * `fn` only `tx` may be used: the top-level handle would wait for the connection or the turn
   * that the transaction itself holds (transaction-guard.ts).
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** How long database calls may wait and run (configuration: DATABASE_*). */
export interface DbLimits {
  /** PostgreSQL connections per process. */
  poolMax: number;
  /** How long a call waits for a connection (PostgreSQL) or its turn (PGlite) before it fails. */
  acquireTimeoutMs: number;
  /** PostgreSQL: a statement running longer is cancelled (0: no limit). */
  statementTimeoutMs: number;
  /** PostgreSQL: a statement waiting longer for a lock is cancelled (0: no limit). */
  lockTimeoutMs: number;
  /** PostgreSQL: a session idle inside a transaction longer is ended, releasing its locks (0: no limit). */
  idleInTransactionTimeoutMs: number;
}

export const defaultDbLimits: DbLimits = {
  poolMax: 10,
  acquireTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  lockTimeoutMs: 10_000,
  idleInTransactionTimeoutMs: 30_000,
};

/** PostgreSQL's unique_violation (23505), on either database: a row a unique index already has. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** PostgreSQL's foreign_key_violation (23503), on either database; with `constraint`, only that constraint's. */
export const isForeignKeyViolation = (error: unknown, constraint?: string): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23503' &&
  (constraint === undefined || (error as { constraint?: unknown }).constraint === constraint);

/** A call that waited longer than `acquireTimeoutMs` for a connection or its turn. */
export class DbBusyError extends Error {
  override name = 'DbBusyError';
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

/** The top-level handle with the transaction guard around it (transaction-guard.ts). */
export function guardedDb(db: Db, guard = transactionGuard()): Db {
  if (!guard) return db;
  return {
    query: (sql, params) => guard.outside(() => db.query(sql, params)),
    exec: (sql) => guard.outside(() => db.exec(sql)),
    transaction: (fn) => guard.outside(() => db.transaction((tx) => guard.inside(() => fn(tx)))),
    close: () => db.close().finally(() => guard.dispose()),
  };
}

/**
 * Lifts the statement timeout for the rest of a transaction: migrations and the seeding of
 * millions of rows are the only statements allowed to run for minutes.
 */
export async function withoutStatementTimeout(tx: Db): Promise<void> {
  await tx.query(`select set_config('statement_timeout', '0', true)`);
}

const preparedNames = new Map<string, string>();

/**
 * Marks a statement text to be kept prepared on PostgreSQL: parsed and planned once per connection,
 * then only bound and run. For the payment's statements parse and plan were half of PostgreSQL's
 * CPU (docs/decisions/prepared-statements.md). Only for statements whose best plan does not depend
 * on their values (key lookups, inserts, upserts): after a few runs PostgreSQL may keep one plan
 * for all values, which would be wrong for a search. Returns the text, to be passed to `query`.
 */
export function prepared(sql: string): string {
  if (!preparedNames.has(sql)) preparedNames.set(sql, `paydesk_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`);
  return sql;
}

/** The name of a statement marked with `prepared`, or undefined. */
export const preparedName = (sql: string): string | undefined => preparedNames.get(sql);
