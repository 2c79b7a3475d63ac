import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { openPostgresDb } from '../src/db/postgres-db';
import { ensureProviderKeys } from '../src/demo/provider-keys';
import { generateTransactions, type TransactionSeed } from '../src/demo/transaction-generator';
import { writeTransactions } from '../src/demo/transactions-writer';

/**
 * Migration 010: payments written at the same time by two database sessions, same day and same
 * status, do not wait for each other's rollup row (before it, the second waited for the first
 * transaction's COMMIT), and the rollup still sums to the table. PostgreSQL only
 * (`.postgres.test.ts`): PGlite has a single session.
 */
const url = process.env.TEST_DATABASE_URL!;
const schema = `totals_${randomBytes(4).toString('hex')}`;
let admin: pg.Client;
let db: Db;
const sessions: pg.Client[] = [];
let seeds: TransactionSeed[];

/** A session as the Db the writer takes (one statement at a time, on this connection only). */
const asDb = (client: pg.Client) =>
  ({ query: async (sql: string, params?: readonly unknown[]) => (await client.query(sql, params as unknown[])).rows }) as unknown as Db;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  db = await openPostgresDb(url, { searchPath: schema, max: 2 });
  await migrate(db);
  const providerKeys = await ensureProviderKeys(db);
  const now = new Date();
  seeds = [...generateTransactions({ count: 4, seed: 7, providerKeys, days: 1 })].map((seed) => ({
    ...seed,
    status: 'completed',
    createdAt: now,
    updatedAt: now,
  }));
  // Two sessions whose backend pids fall in different rollup shards (pid modulo 16).
  while (sessions.length < 2) {
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    const shardOf = async (c: pg.Client) => (await c.query<{ shard: number }>('select pg_backend_pid() % 16 as shard')).rows[0]!.shard;
    const shards = await Promise.all(sessions.map(shardOf));
    if (shards.includes(await shardOf(client))) await client.end();
    else sessions.push(client);
  }
});

afterAll(async () => {
  await Promise.all(sessions.map((client) => client.end()));
  await db?.close();
  await admin?.query(`drop schema if exists ${schema} cascade`);
  await admin?.end();
});

it('lets two sessions add payments of the same day and status at once, and the rollup still adds up', async () => {
  const [first, second] = sessions as [pg.Client, pg.Client];
  await first.query('begin');
  await writeTransactions(asDb(first), seeds.slice(0, 2));
  // The first transaction is still open: waiting on its rollup row would hit the lock timeout.
  await second.query('begin');
  await second.query("set local lock_timeout = '2s'");
  await writeTransactions(asDb(second), seeds.slice(2));
  await second.query('commit');
  await first.query('commit');

  const [rollup] = await db.query<{ rows: number; cents: number }>(
    "select sum(transactions)::int as rows, sum(amount_cents)::int as cents from transaction_daily_totals where status = 'completed'",
  );
  const [table] = await db.query<{ rows: number; cents: number }>(
    "select count(*)::int as rows, sum(amount_cents)::int as cents from transactions where status = 'completed'",
  );
  expect(rollup).toEqual(table);
  expect(table!.rows).toBe(4);
});
