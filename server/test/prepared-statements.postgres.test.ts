import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { prepared, type Db } from '../src/db/db';
import { buildApp } from '../src/app';
import { migrate } from '../src/db/migrate';
import { openPostgresDb } from '../src/db/postgres-db';
import { seedDemo } from '../src/demo/seed-demo';
import { captureLogs, TEST_PASSWORD, testConfig } from './helper';
import { payerClient } from './payments-client';

/**
 * The PostgreSQL seam keeps a statement marked with `prepared` prepared on its connection, under
 * one name for one text, and sends every other statement unnamed (planned for its own values).
 * PostgreSQL only (`.postgres.test.ts`): PGlite has no named statements.
 */
const url = process.env.TEST_DATABASE_URL!;
/** A sandbox test card that pays at once. */
const SUCCESS_CARD = '4242424242424242';
const schema = `prepared_${randomBytes(4).toString('hex')}`;
let admin: pg.Client;
let db: Db;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  db = await openPostgresDb(url, { searchPath: schema, max: 1 });
  await db.exec('create table things (id integer primary key, label text not null)');
});

afterAll(async () => {
  await db?.close();
  await admin?.query(`drop schema if exists ${schema} cascade`);
  await admin?.end();
});

/** The statements this connection holds prepared, by text. */
const preparedHere = async (tx: Db) =>
  (await tx.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements')).map((row) => row.statement);

const insertThing = prepared('insert into things (id, label) values ($1, $2)');
const labelOf = prepared('select label from things where id = $1');

it('prepares a marked statement once per connection and runs it with each call’s values', async () => {
  await db.transaction(async (tx) => {
    await tx.query(insertThing, [1, 'one']);
    await tx.query(insertThing, [2, 'two']);
    expect(await tx.query(labelOf, [2])).toEqual([{ label: 'two' }]);
    expect(await tx.query(labelOf, [1])).toEqual([{ label: 'one' }]);
    const held = await preparedHere(tx);
    expect(held.filter((text) => text === insertThing)).toHaveLength(1);
    expect(held.filter((text) => text === labelOf)).toHaveLength(1);
  });
});

it('sends an unmarked statement unnamed, so it is planned for its own values', async () => {
  const search = 'select label from things where label like $1';
  expect(await db.query(search, ['t%'])).toEqual([{ label: 'two' }]);
  await db.transaction(async (tx) => expect(await preparedHere(tx)).not.toContain(search));
});

it('gives one name to one text and another to another', async () => {
  expect(prepared(labelOf)).toBe(labelOf);
  const names = (await db.query<{ name: string }>('select name from pg_prepared_statements')).map((row) => row.name);
  expect(new Set(names).size).toBe(names.length);
  expect(names.every((name) => /^paydesk_[\w-]{24}$/.test(name))).toBe(true);
});

it('plans each statement of the payment path a few times per connection at most, then runs it on one plan', async () => {
  // One connection, so that every payment runs on the statements it holds.
  const paymentDb = await openPostgresDb(url, { searchPath: schema, max: 1 });
  await migrate(paymentDb);
  await seedDemo(paymentDb, { password: TEST_PASSWORD, transactions: 0 });
  const config = testConfig({ PAYMENT_RATE_LIMIT_PER_MINUTE: '1000' });
  const app = await buildApp({ config, db: paymentDb, logger: captureLogs().logger });
  try {
    const payer = payerClient(app, config);
    // Lone payments, then payments arriving together (batched statements of several sizes).
    for (let i = 0; i < 8; i += 1) expect((await payer.pay(SUCCESS_CARD)).result?.response_message).toBe('Payment successful');
    for (let i = 0; i < 3; i += 1) await Promise.all(Array.from({ length: 4 }, () => payer.pay(SUCCESS_CARD)));
    const plans = await paymentDb.query<{ statement: string; custom_plans: number; generic_plans: number }>(
      `select statement, custom_plans::int, generic_plans::int from pg_prepared_statements where name like 'paydesk\\_%'`,
    );
    const runOften = plans.filter((plan) => plan.custom_plans + plan.generic_plans > 6);
    // The initialisation, the attempt counters and the payment's own store at least.
    expect(runOften.length).toBeGreaterThanOrEqual(3);
    // PostgreSQL plans a prepared statement for its values 5 times, then keeps one generic plan if it costs no more.
    expect(runOften.filter((plan) => plan.custom_plans > 5).map((plan) => plan.statement.slice(0, 120))).toEqual([]);
  } finally {
    await app.close();
    await paymentDb.close();
  }
});
