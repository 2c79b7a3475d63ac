import type { Db } from '../db/db';
import { SANDBOX_PROCESSOR } from '../payments/transaction-result';
import type { TransactionSeed } from './transaction-generator';

const columns = [
  'transaction_id', 'order_id', 'first_name', 'last_name', 'email', 'phone', 'amount_cents', 'fee_cents',
  'net_cents', 'status', 'card_brand', 'last_four', 'card_fingerprint', 'provider_key_id', 'response_message',
  'debug_message', 'created_at', 'updated_at', 'processor',
] as const;

const valuesOf = (t: TransactionSeed): unknown[] => [
  t.transactionId, t.orderId, t.firstName, t.lastName, t.email, t.phone, t.amountCents, t.feeCents,
  t.netCents, t.status, t.cardBrand, t.lastFour, t.cardFingerprint, t.providerKeyId, t.responseMessage,
  t.debugMessage, t.createdAt.toISOString(), t.updatedAt.toISOString(), SANDBOX_PROCESSOR,
];

async function insertBatch(db: Db, batch: readonly TransactionSeed[]): Promise<void> {
  const params: unknown[] = [];
  const rows = batch.map((t) => {
    const start = params.length;
    params.push(...valuesOf(t));
    return `(${columns.map((_, i) => `$${start + i + 1}`).join(', ')})`;
  });
  await db.query(`insert into transactions (${columns.join(', ')}) values ${rows.join(', ')}`, params);
}

export interface WriteOptions {
  /** Rows per multi-row INSERT (19 parameters each; PostgreSQL allows 65,535). */
  batchSize?: number;
  onProgress?: (written: number) => void;
}

/** Multi-row INSERTs: a few hundred rows per statement keep seeding quick on PGlite. */
export async function writeTransactions(db: Db, seeds: Iterable<TransactionSeed>, options: WriteOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 250;
  let batch: TransactionSeed[] = [];
  let written = 0;
  for (const seed of seeds) {
    batch.push(seed);
    if (batch.length === batchSize) {
      await insertBatch(db, batch);
      written += batch.length;
      batch = [];
      options.onProgress?.(written);
    }
  }
  if (batch.length > 0) {
    await insertBatch(db, batch);
    written += batch.length;
    options.onProgress?.(written);
  }
  return written;
}
