import type { Db } from '../src/db/db';
import { isUniqueViolation } from '../src/db/db';
import { openTestDb, type TestDb } from './helper';

/**
 * The two database drivers behind the `Db` seam (node-postgres and PGlite) hand the code the same
 * values: every column type the migrations use comes back as the same JavaScript type and value,
 * parameters go in the same way, and errors are told apart the same way. This is what lets the
 * API's integration tests run once on PostgreSQL when it is at hand, and PGlite run the files that
 * prove the embedded database itself (docs/decisions/test-run-cpu-budget.md).
 */
let testDb: TestDb;
let db: Db;
beforeAll(async () => {
  testDb = await openTestDb();
  db = testDb.db;
});
afterAll(() => testDb.dispose());

const one = async (sql: string, params: unknown[] = []): Promise<unknown> => {
  const [row] = await db.query<{ v: unknown }>(sql, params);
  return row!.v;
};

test.each<[type: string, sql: string, expected: unknown]>([
  ['text', `select 'café'::text as v`, 'café'],
  ['integer', 'select 2147483647::integer as v', 2147483647],
  ['smallint', 'select (-5)::smallint as v', -5],
  ['bigint, as a number', 'select 9007199254740991::bigint as v', 9007199254740991],
  ['count(*), a bigint', 'select count(*) as v from generate_series(1, 3)', 3],
  ['sum of bigint, a numeric', 'select sum(x)::bigint as v from (values (1::bigint), (2::bigint)) t(x)', 3],
  ['numeric, as text', 'select 12.50::numeric(12, 2) as v', '12.50'],
  ['boolean', 'select true as v', true],
  ['jsonb', `select '{"a": [1, "b", null]}'::jsonb as v`, { a: [1, 'b', null] }],
  ['json', `select '{"n": 1.5}'::json as v`, { n: 1.5 }],
  ['text[]', `select array['a', 'b']::text[] as v`, ['a', 'b']],
  ['null', 'select null::text as v', null],
])('%s', async (_type, sql, expected) => {
  expect(await one(sql)).toEqual(expected);
});

test('timestamptz comes back as a Date at the same instant', async () => {
  const value = await one(`select '2026-11-27T10:00:00.123Z'::timestamptz as v`);
  expect(value).toBeInstanceOf(Date);
  expect((value as Date).toISOString()).toBe('2026-11-27T10:00:00.123Z');
});

test('a date comes back as the same calendar day, whatever the process time zone', async () => {
  const value = await one(`select '2026-02-28'::date as v`);
  const day = value instanceof Date ? `${value.getFullYear()}-${value.getMonth() + 1}-${value.getDate()}` : value;
  expect(day).toBe('2026-2-28');
});

test('bytea comes back as bytes', async () => {
  const value = await one(`select '\\x00ff10'::bytea as v`);
  expect(Buffer.from(value as Uint8Array)).toEqual(Buffer.from([0, 255, 16]));
});

test('parameters: a Date, a JSON text into jsonb, a number into bigint and null go in as they are', async () => {
  const [row] = await db.query<{ at: Date; doc: unknown; cents: number; none: unknown }>(
    'select $1::timestamptz as at, $2::jsonb as doc, $3::bigint + 1 as cents, $4::text as none',
    [new Date('2026-01-02T03:04:05.006Z'), JSON.stringify({ k: 'v' }), 4_999_999_999, null],
  );
  expect(row).toEqual({ at: new Date('2026-01-02T03:04:05.006Z'), doc: { k: 'v' }, cents: 5_000_000_000, none: null });
});

test('a unique violation is told apart from other errors, and the transaction that hit it leaves nothing', async () => {
  await db.query('create table parity_once (k text primary key)');
  await db.query(`insert into parity_once values ('a')`);
  const duplicate = await db
    .transaction(async (tx) => {
      await tx.query(`insert into parity_once values ('b')`);
      await tx.query(`insert into parity_once values ('a')`);
    })
    .catch((error: unknown) => error);
  expect(isUniqueViolation(duplicate)).toBe(true);
  const other = await db.query('select 1 / 0').catch((error: unknown) => error);
  expect(other).toBeInstanceOf(Error);
  expect(isUniqueViolation(other)).toBe(false);
  expect(await db.query('select k from parity_once order by k')).toEqual([{ k: 'a' }]);
});
