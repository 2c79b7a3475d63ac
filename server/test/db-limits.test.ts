import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DbBusyError, type Db } from '../src/db/db';
import { openPgliteDb } from '../src/db/pglite-db';
import { openPostgresDb } from '../src/db/postgres-db';
import { TopLevelInTransactionError } from '../src/db/transaction-guard';
import { openTestDb, pgliteEngine, testDbKind, type TestDb } from './helper';

/** Holds a transaction open until `release` is called, as a slow or stuck request would. */
function holdTransaction(db: Db) {
  let release!: () => void;
  const released = new Promise<void>((done) => {
    release = done;
  });
  let started!: () => void;
  const holding = new Promise<void>((done) => {
    started = done;
  });
  const finished = db.transaction(async (tx) => {
    await tx.query('select 1');
    started();
    await released;
  });
  return { holding, release, finished };
}

describe('the top-level handle inside a transaction', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb();
  });
  afterAll(() => testDb.dispose());

  it('is refused at once, naming the fault, and the transaction rolls back', async () => {
    const { db } = testDb;
    await db.exec('create table guard_probe (n int)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into guard_probe values (1)');
        await db.query('select 1');
      }),
    ).rejects.toThrow(TopLevelInTransactionError);
    expect(await db.query('select n from guard_probe')).toEqual([]);
  });

  it('is refused in work the callback starts on later ticks too', async () => {
    const { db } = testDb;
    await expect(
      db.transaction(() => new Promise((done, fail) => setTimeout(() => db.query('select 1').then(done, fail), 10))),
    ).rejects.toThrow(TopLevelInTransactionError);
  });

  it('serves other callers meanwhile, outside the transaction', async () => {
    const { db } = testDb;
    const held = holdTransaction(db);
    await held.holding;
    const other = db.query<{ n: number }>('select 2 as n');
    held.release();
    await held.finished;
    expect(await other).toEqual([{ n: 2 }]);
  });

  it('stops following the async context once the handle is closed', async () => {
    // A storage left enabled stays on every later promise of the process (transaction-guard.ts).
    const disable = jest.spyOn(AsyncLocalStorage.prototype, 'disable');
    const closed = await openTestDb();
    await closed.db.transaction((tx) => tx.query('select 1'));
    await closed.dispose();
    expect(disable).toHaveBeenCalledTimes(1);
    disable.mockRestore();
  });
});

describe('a call that cannot get the database gives up, and never runs later', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    if (testDbKind === 'pglite') {
      db = await openPgliteDb(undefined, { engine: pgliteEngine(), limits: { acquireTimeoutMs: 200 } });
      dispose = () => db.close();
    } else {
      const url = process.env.TEST_DATABASE_URL!;
      const schema = `limits_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      db = await openPostgresDb(url, { searchPath: schema, limits: { poolMax: 1, acquireTimeoutMs: 200 } });
      dispose = async () => {
        await db.close();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      };
    }
    await db.exec('create table late_write (n int)');
  });
  afterAll(() => dispose());

  it('with DbBusyError while a transaction holds the only connection or turn', async () => {
    const held = holdTransaction(db);
    await held.holding;
    const write = db.query('insert into late_write values (1)');
    await expect(write).rejects.toThrow(DbBusyError);
    held.release();
    await held.finished;
    expect(await db.query('select n from late_write')).toEqual([]);
  });
});
