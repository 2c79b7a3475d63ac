import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { transactionWithRetry } from '../src/db/retry-transaction';
import { cardFingerprint } from '../src/cards/card-fingerprint';
import { seedDemo } from '../src/demo/seed-demo';
import { REFUND_FAILS_CARD } from '../src/payments/sandbox-processor';
import { SUCCESSFUL_STATUSES } from '../src/payments/transaction-statuses';
import { settleDueRefunds } from '../src/refunds/refund-settlement';
import { insertRefund, takeRefundable } from '../src/refunds/refunds-repository';
import { newRefundId } from '../src/refunds/refunds-service';
import { lockAvailableBalance, postRefund, postWithdrawal, transfer } from '../src/wallet/ledger';
import { openTestDb, TEST_PASSWORD, type TestDb } from './helper';

/**
 * The lock order of docs/decisions/lock-order.md, each rule shown with real PostgreSQL sessions:
 * a credit never waits for the balance lock (FOR NO KEY UPDATE against the foreign key check's
 * FOR KEY SHARE), refund settlement runs while a refund holds that lock, a batch locks its
 * payments in transaction_id order, and a deadlock that still happens is retried. PostgreSQL only
 * (`.postgres.test.ts`): embedded PGlite has one connection, so nothing there ever waits.
 */
const FINGERPRINT_KEY = 'lock-order-test-fingerprint-key-0123456789';
let testDb: TestDb;
let db: Db;

beforeAll(async () => {
  testDb = await openTestDb({ poolMax: 8 });
  db = testDb.db;
  await migrate(db);
  await seedDemo(db, { password: TEST_PASSWORD, transactions: 60 });
  await db.exec('create table lock_order_rows (id integer primary key, n integer not null default 0)');
  await db.query('insert into lock_order_rows (id) values (1), (2)');
});

afterAll(() => testDb?.dispose());

/** A transaction that does `first` and then holds its locks until `finish()` lets it do `second` and commit. */
function heldTransaction<A, B = A>(first: (tx: Db) => Promise<A>, second: (tx: Db, a: A) => Promise<B> = async (_tx, a) => a as never) {
  let go!: () => void;
  const released = new Promise<void>((resolve) => (go = resolve));
  let started!: (a: A) => void;
  let failed!: (error: unknown) => void;
  const ready = new Promise<A>((resolve, reject) => ((started = resolve), (failed = reject)));
  const done = db.transaction(async (tx) => {
    const a = await first(tx);
    started(a);
    await released;
    return second(tx, a);
  });
  done.catch(failed);
  return { ready, finish: () => (go(), done) };
}

/** `promise`, or a failure naming `what` once `ms` have passed: a wait that should not happen. */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Paid payments of the seeded data that have no refund yet, in transaction_id order as PostgreSQL sorts it. */
async function unrefundedPayments(count: number, fingerprint: string | null = null): Promise<string[]> {
  const rows = await db.query<{ transaction_id: string }>(
    `select transaction_id from transactions
      where status = any($1::text[]) and refunded_cents = 0 and amount_cents >= 1000
        and not exists (select 1 from refunds r where r.transaction_id = transactions.transaction_id)
        and coalesce(card_fingerprint, '') <> $3
      order by transaction_id limit $2`,
    [SUCCESSFUL_STATUSES, count, cardFingerprint(FINGERPRINT_KEY, REFUND_FAILS_CARD)],
  );
  if (rows.length < count) throw new Error('the seeded data has too few paid payments');
  const ids = rows.map((row) => row.transaction_id);
  if (fingerprint !== null)
    await db.query('update transactions set card_fingerprint = $2 where transaction_id = any($1)', [ids, fingerprint]);
  return ids;
}

/** What createRefund does to the database, in its order: the balance, then the payment, then the new rows. */
async function refundSteps(tx: Db, transactionId: string, amountCents: number): Promise<string> {
  await lockAvailableBalance(tx);
  const taken = await takeRefundable(tx, transactionId, amountCents);
  if (!taken) throw new Error(`${transactionId} cannot give ${amountCents} cents`);
  const row = await insertRefund(tx, {
    id: newRefundId(),
    transactionId,
    amountCents,
    reason: 'other',
    note: null,
    requestedBy: null,
    settleSeconds: 0,
  });
  await postRefund(tx, row.id, 'refund', amountCents);
  return row.id;
}

const statusOf = async (refundId: string) =>
  (await db.query<{ status: string }>('select status from refunds where id = $1', [refundId]))[0]?.status;

describe('the balance lock', () => {
  /** Two withdrawals the sandbox bank refused, whose money may come back to the balance. */
  let withdrawals: number[];
  const returned = (tx: Db, id: number) =>
    postWithdrawal(tx, id, 'withdrawal_returned', transfer('merchant_pending', 'merchant_available', 100));
  beforeAll(async () => {
    const rows = await db.query<{ id: number }>(
      `insert into withdrawals (reference, amount_cents, account_number, bank_name, account_name, settle_at)
       values ('WDLOCKORDER0000001', 100, '12340000', 'Lock Bank', 'Lock Order', now()),
              ('WDLOCKORDER0000002', 100, '12340000', 'Lock Bank', 'Lock Order', now()) returning id`,
    );
    withdrawals = rows.map((row) => row.id);
  });

  it('lets a credit through while a debit holds it and another waits for it (FOR KEY SHARE does not conflict with FOR NO KEY UPDATE)', async () => {
    const debit = heldTransaction(lockAvailableBalance);
    await debit.ready;
    // A second debit queues behind the first; the credit's foreign key check must not queue behind it.
    const queued = heldTransaction(lockAvailableBalance);
    await pause(200);
    try {
      await within(
        db.transaction((tx) => returned(tx, withdrawals[0]!)),
        3_000,
        'a credit waited for the balance lock',
      );
    } finally {
      await debit.finish();
      await queued.ready;
      await queued.finish();
    }
  });

  it('would hold the same credit back if it were FOR UPDATE, which is why it is not', async () => {
    const debit = heldTransaction((tx) => tx.query(`select code from ledger_accounts where code = 'merchant_available' for update`));
    await debit.ready;
    try {
      const credit = db.transaction(async (tx) => {
        await tx.query(`select set_config('lock_timeout', '300ms', true)`);
        await returned(tx, withdrawals[1]!);
      });
      // 55P03 lock_not_available: the foreign key check (FOR KEY SHARE) waited for FOR UPDATE.
      await expect(credit).rejects.toMatchObject({ code: '55P03' });
    } finally {
      await debit.finish();
    }
  });
});

it('settles a failing refund, crediting the balance, while a refund of the same payment holds the balance lock', async () => {
  const failing = cardFingerprint(FINGERPRINT_KEY, REFUND_FAILS_CARD);
  const [payment] = await unrefundedPayments(1, failing);
  const due = await db.transaction((tx) => refundSteps(tx, payment!, 100));
  // The order that deadlocked: a refund holds the balance and then wants the payment, which the
  // settlement holds while it credits the balance with the failed refund's money.
  const refund = heldTransaction(lockAvailableBalance, (tx) => refundSteps(tx, payment!, 200));
  await refund.ready;
  try {
    expect(await within(settleDueRefunds(db, FINGERPRINT_KEY), 5_000, 'the settlement waited for the balance lock')).toBeGreaterThanOrEqual(
      1,
    );
  } finally {
    await refund.finish();
  }
  expect(await statusOf(due)).toBe('failed');
  const [row] = await db.query<{ refunded_cents: number }>('select refunded_cents from transactions where transaction_id = $1', [payment]);
  expect(row!.refunded_cents).toBe(200);
  const [ledger] = await db.query<{ total: number }>('select coalesce(sum(amount_cents), 0)::int as total from ledger_entries');
  expect(ledger!.total).toBe(0);
});

it('locks a batch’s payments in transaction_id order, not in the order their refunds fell due', async () => {
  await settleDueRefunds(db, FINGERPRINT_KEY); // nothing else due
  const [low, high] = await unrefundedPayments(2);
  const lowRefund = await db.transaction((tx) => refundSteps(tx, low!, 100));
  const highRefund = await db.transaction((tx) => refundSteps(tx, high!, 100));
  // The higher payment's refund fell due first, so the claim returns it first.
  await db.query(`update refunds set settle_at = now() - interval '2 seconds' where id = $1`, [highRefund]);
  await db.query(`update refunds set settle_at = now() - interval '1 second' where id = $1`, [lowRefund]);
  const holder = heldTransaction((tx) => tx.query('select 1 from transactions where transaction_id = $1 for no key update', [high]));
  await holder.ready;
  const settling = settleDueRefunds(db, FINGERPRINT_KEY);
  try {
    // While the batch waits for the higher payment, it already holds the lower one.
    let lowHeld = false;
    for (let waited = 0; waited < 3_000 && !lowHeld; waited += 100) {
      lowHeld = await db
        .transaction((tx) => tx.query('select 1 from transactions where transaction_id = $1 for no key update nowait', [low]))
        .then(
          () => false,
          (error: { code?: string }) => error.code === '55P03',
        );
      if (!lowHeld) await pause(100);
    }
    expect(lowHeld).toBe(true);
  } finally {
    await holder.finish();
  }
  expect(await within(settling, 5_000, 'the batch')).toBe(2);
  expect([await statusOf(lowRefund), await statusOf(highRefund)]).toEqual(['succeeded', 'succeeded']);
});

it('runs the transaction PostgreSQL picked to break a deadlock again, and both commit', async () => {
  const retried: unknown[] = [];
  let holding = 0;
  const bothHold = new Promise<void>((resolve) => {
    const check = setInterval(() => holding >= 2 && (clearInterval(check), resolve()), 10);
  });
  // Two transactions take the two rows in opposite orders: the textbook deadlock.
  const crosswise = (first: number, second: number) => {
    let tries = 0;
    return transactionWithRetry(
      db,
      async (tx) => {
        tries += 1;
        await tx.query('update lock_order_rows set n = n + 1 where id = $1', [first]);
        if (tries === 1) {
          holding += 1;
          await bothHold;
        }
        await tx.query('update lock_order_rows set n = n + 1 where id = $1', [second]);
        return tries;
      },
      { onRetry: (error) => retried.push(error) },
    );
  };
  const tries = await Promise.all([crosswise(1, 2), crosswise(2, 1)]);
  expect(tries.sort()).toEqual([1, 2]);
  expect(retried).toEqual([expect.objectContaining({ code: '40P01' })]);
  expect(await db.query('select id, n from lock_order_rows order by id')).toEqual([
    { id: 1, n: 2 },
    { id: 2, n: 2 },
  ]);
});
