import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../src/db/db';
import { openPostgresDb } from '../src/db/postgres-db';

describe('PostgreSQL session limits', () => {
  const url = process.env.TEST_DATABASE_URL!;
  let db: Db;
  let other: pg.Client;
  let schema: string;
  beforeAll(async () => {
    schema = `limits_${randomBytes(4).toString('hex')}`;
    other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query(`create schema ${schema}`);
    await other.query(`create table ${schema}.locked (id int primary key)`);
    await other.query(`insert into ${schema}.locked values (1)`);
    db = await openPostgresDb(url, {
      searchPath: schema,
      limits: { poolMax: 2, statementTimeoutMs: 1_000, lockTimeoutMs: 200, idleInTransactionTimeoutMs: 300 },
    });
  });
  afterAll(async () => {
    await db.close();
    await other.query(`drop schema ${schema} cascade`);
    await other.end();
  });

  it('cancels a statement that runs past statement_timeout', async () => {
    await expect(db.query('select pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
  });

  it('cancels a statement that waits for a lock past lock_timeout', async () => {
    await other.query('begin');
    await other.query(`select * from ${schema}.locked for update`);
    try {
      await expect(db.query('update locked set id = 1 where id = 1')).rejects.toMatchObject({ code: '55P03' });
    } finally {
      await other.query('rollback');
    }
  });

  it('ends a session left idle inside a transaction, releasing its locks', async () => {
    const stuck = db.transaction(async (tx) => {
      await tx.query('select * from locked for update');
      await new Promise((done) => setTimeout(done, 1_000));
      await tx.query('select 1');
    });
    await expect(stuck).rejects.toThrow();
    // The lock went with the session: another client takes it at once.
    await other.query('begin');
    await other.query(`set local lock_timeout = '1s'`);
    await other.query(`select * from ${schema}.locked for update`);
    await other.query('rollback');
  });
});
