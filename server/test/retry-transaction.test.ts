import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { isRetryableConflict, retrying, transactionWithRetry } from '../src/db/retry-transaction';
import { conflict } from '../src/errors/domain-error';
import { idempotent } from '../src/idempotency/idempotency-keys';
import { openTestDb, type TestDb } from './helper';

/** PostgreSQL's errors carry their SQLSTATE in `code`, as pg's DatabaseError does. */
const sqlError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

/** A Db whose transactions fail with `failures`, one per try, then run their callback. */
function failingDb(failures: unknown[]) {
  let tries = 0;
  const db: Db = {
    query: () => Promise.resolve([]),
    exec: () => Promise.resolve(),
    transaction: async (fn) => {
      const failure = failures[tries];
      tries += 1;
      if (failure !== undefined) throw failure;
      return fn(db);
    },
    close: () => Promise.resolve(),
  };
  return { db, tries: () => tries };
}

const noWait = { sleep: () => Promise.resolve(), random: () => 0.5 };

it('runs a transaction that met a deadlock or a serialization failure again, and answers what the retry answered', async () => {
  const { db, tries } = failingDb([sqlError('40P01'), sqlError('40001')]);
  const waits: number[] = [];
  const retries: number[] = [];
  const answer = await transactionWithRetry(db, () => Promise.resolve('done'), {
    baseDelayMs: 10,
    sleep: (ms) => (waits.push(ms), Promise.resolve()),
    random: () => 0.5,
    onRetry: (_error, retry) => retries.push(retry),
  });
  expect(answer).toBe('done');
  expect(tries()).toBe(3);
  expect(retries).toEqual([1, 2]);
  // Doubling waits (with random() = 0.5, exactly the doubled base).
  expect(waits).toEqual([10, 20]);
});

it('draws each wait between half and one and a half of the doubled base', async () => {
  const waits: number[] = [];
  const jittered = (random: number) =>
    transactionWithRetry(failingDb([sqlError('40P01')]).db, () => Promise.resolve(1), {
      baseDelayMs: 100,
      random: () => random,
      sleep: (ms) => (waits.push(ms), Promise.resolve()),
    });
  await jittered(0);
  await jittered(0.999);
  expect(waits).toEqual([50, 150]);
});

it.each([
  ['a unique violation', sqlError('23505')],
  ['a lock timeout', sqlError('55P03')],
  ['a domain error', conflict('Only $1.00 of this payment is left to refund', 'refund_exceeds_amount')],
  ['an error without a code', new Error('the connection was lost')],
])('throws %s at once, without running the transaction again', async (_name, error) => {
  const { db, tries } = failingDb([error]);
  await expect(transactionWithRetry(db, () => Promise.resolve(1), noWait)).rejects.toBe(error);
  expect(tries()).toBe(1);
});

it('gives up after three retries and throws the last failure', async () => {
  const failures = [sqlError('40P01'), sqlError('40P01'), sqlError('40001'), sqlError('40P01'), undefined];
  const { db, tries } = failingDb(failures);
  await expect(transactionWithRetry(db, () => Promise.resolve(1), noWait)).rejects.toBe(failures[3]);
  expect(tries()).toBe(4);
});

it('tells the retryable SQLSTATEs apart', () => {
  expect([sqlError('40P01'), sqlError('40001')].map(isRetryableConflict)).toEqual([true, true]);
  expect([sqlError('40000'), sqlError('25P02'), new Error('x'), null, 'x'].map(isRetryableConflict)).toEqual([
    false,
    false,
    false,
    false,
    false,
  ]);
});

it('gives a handle whose transactions are retried and whose queries run once', async () => {
  const { db, tries } = failingDb([sqlError('40P01')]);
  let queries = 0;
  const counted: Db = { ...db, query: () => ((queries += 1), Promise.resolve([])) };
  const handle = retrying(counted, noWait);
  expect(await handle.transaction(() => Promise.resolve('again'))).toBe('again');
  expect(tries()).toBe(2);
  await handle.query('select 1');
  expect(queries).toBe(1);
});

describe('with an Idempotency-Key', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb();
    await migrate(testDb.db);
    await testDb.db.exec('create table retry_runs (run integer primary key)');
  });
  afterAll(() => testDb?.dispose());

  it('redoes the key row with the work, so that a retry is a first try', async () => {
    let runs = 0;
    const work = async (tx: Db) => {
      runs += 1;
      await tx.query('insert into retry_runs (run) values ($1)', [runs]);
      // The first run meets a deadlock after the key row and its work are written: all of it rolls back.
      if (runs === 1) throw sqlError('40P01');
      return { statusCode: 201, body: { run: runs } };
    };
    const request = { scope: 'user:1', key: 'retry-key-1', request: ['POST /api/refunds', { amount: 1 }] };
    const first = await idempotent(retrying(testDb.db, noWait), request, work);
    expect(first).toEqual({ answer: { statusCode: 201, body: { run: 2 } }, replayed: false });
    expect(await testDb.db.query('select run from retry_runs')).toEqual([{ run: 2 }]);
    expect(await testDb.db.query(`select status_code, body from idempotency_keys where key = 'retry-key-1'`)).toEqual([
      { status_code: 201, body: { run: 2 } },
    ]);
    // The same request again is answered from the key row the retry wrote.
    const again = await idempotent(retrying(testDb.db, noWait), request, work);
    expect(again).toEqual({ answer: { statusCode: 201, body: { run: 2 } }, replayed: true });
    expect(runs).toBe(2);
  });
});
