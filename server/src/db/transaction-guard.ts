import { AsyncLocalStorage } from 'node:async_hooks';

/** The top-level handle was called from inside a transaction's callback. */
export class TopLevelInTransactionError extends Error {
  override name = 'TopLevelInTransactionError';
  constructor() {
    super("The top-level database handle was used inside a transaction: use the transaction's handle (tx)");
  }
}

export interface TransactionGuard {
  /** Runs a transaction's callback, marking its async context. */
  inside<T>(fn: () => Promise<T>): Promise<T>;
  /** Runs a top-level call, refusing it inside a transaction's context. */
  outside<T>(fn: () => Promise<T>): Promise<T>;
  /** Stops following the async context: the handle is closed. */
  dispose(): void;
}

/**
 * Inside a transaction, a call on the top-level handle waits for what the transaction holds: on
 * PGlite its one connection's turn, on PostgreSQL a pool connection (all of them, under load) or
 * a row it locked. That is a deadlock, which the acquire timeout (DbLimits) only turns into an
 * error after seconds. The guard fails such a call at once, naming the fault. It follows the
 * async context (AsyncLocalStorage), whose bookkeeping on every promise costs too much for the
 * payment path in production, so it is on where the code is exercised: under jest
 * (NODE_ENV=test) and wherever PAYDESK_TRANSACTION_GUARD=1 asks for it. A storage never disabled
 * stays on every later promise of the process: with fifty left behind by closed handles (a jest
 * worker's test files), each `await` cost thirty times as much.
 */
export function transactionGuard(
  enabled = process.env.NODE_ENV === 'test' || process.env.PAYDESK_TRANSACTION_GUARD === '1',
): TransactionGuard | undefined {
  if (!enabled) return undefined;
  const context = new AsyncLocalStorage<true>();
  return {
    inside: (fn) => context.run(true, fn),
    outside: (fn) => (context.getStore() ? Promise.reject(new TopLevelInTransactionError()) : fn()),
    dispose: () => context.disable(),
  };
}
