import type { Db } from '../db/db';
import { SANDBOX_PROCESSOR } from '../payments/transaction-result';
import type { TransactionSeed } from './transaction-generator';

const columns = [
  'transaction_id',
  'order_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'amount_cents',
  'fee_cents',
  'net_cents',
  'status',
  'card_brand',
  'last_four',
  'card_fingerprint',
  'provider_key_id',
  'response_message',
  'debug_message',
  'created_at',
  'updated_at',
  'processor',
  'refunded_cents',
] as const;

const valuesOf = (t: TransactionSeed): unknown[] => [
  t.transactionId,
  t.orderId,
  t.firstName,
  t.lastName,
  t.email,
  t.phone,
  t.amountCents,
  t.feeCents,
  t.netCents,
  t.status,
  t.cardBrand,
  t.lastFour,
  t.cardFingerprint,
  t.providerKeyId,
  t.responseMessage,
  t.debugMessage,
  t.createdAt.toISOString(),
  t.updatedAt.toISOString(),
  SANDBOX_PROCESSOR,
  t.status === 'refunded' ? t.amountCents : 0,
];

async function insertBatch(db: Db, batch: readonly TransactionSeed[]): Promise<void> {
  const params: unknown[] = [];
  const rows = batch.map((t) => {
    const start = params.length;
    params.push(...valuesOf(t));
    return `(${columns.map((_, i) => `$${start + i + 1}`).join(', ')})`;
  });
  await db.query(`insert into transactions (${columns.join(', ')}) values ${rows.join(', ')}`, params);
  await insertFullRefunds(
    db,
    batch.filter((t) => t.status === 'refunded').map((t) => t.transactionId),
  );
}

/**
 * A payment seeded as refunded was refunded in full: its succeeded refund, settled when the
 * payment last changed, is what takes it from the revenue of that day (DASH-08).
 */
async function insertFullRefunds(db: Db, transactionIds: readonly string[]): Promise<void> {
  if (transactionIds.length === 0) return;
  await db.query(
    `insert into refunds (id, transaction_id, amount_cents, reason, status, requested_via, settle_at, created_at, settled_at)
     select 're_' || md5(transaction_id), transaction_id, amount_cents, 'requested_by_customer', 'succeeded', 'api', updated_at, updated_at, updated_at
       from transactions where transaction_id = any($1::text[])`,
    [transactionIds],
  );
}

export interface WriteOptions {
  /** Rows per multi-row INSERT (20 parameters each; PostgreSQL allows 65,535). */
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
