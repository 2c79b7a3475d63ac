import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { prepared, type Db } from '../src/db/db';
import { openPostgresDb } from '../src/db/postgres-db';

/**
 * The PostgreSQL seam keeps a statement marked with `prepared` prepared on its connection, under
 * one name for one text, and sends every other statement unnamed (planned for its own values).
 * PostgreSQL only (`.postgres.test.ts`): PGlite has no named statements.
 */
const url = process.env.TEST_DATABASE_URL!;
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
