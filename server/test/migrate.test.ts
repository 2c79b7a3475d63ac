import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultMigrationsDir, migrate, migrationFiles } from '../src/db/migrate';
import { openTestDb, testDbKind, type TestDb } from './helper';

const files = readdirSync(defaultMigrationsDir())
  .filter((name) => name.endsWith('.sql'))
  .sort();

describe(`migrations (${testDbKind})`, () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await openTestDb();
  }, 30_000);
  afterEach(() => t.dispose());

  it('applies every file once, in order, and nothing on a second run', async () => {
    expect(await migrate(t.db)).toEqual(files);
    expect(await migrate(t.db)).toEqual([]);
    const rows = await t.db.query<{ version: string }>('select version from schema_migrations order by version');
    expect(rows.map((row) => row.version)).toEqual(files);
  });

  it('applies each file once when two runs start together', async () => {
    const [first, second] = await Promise.all([migrate(t.db), migrate(t.db)]);
    expect([...first!, ...second!].sort()).toEqual(files);
  });

  it('creates the tables, with the constraints the data relies on', async () => {
    await migrate(t.db);
    await t.db.query("insert into users (name, email, password_hash, role) values ('A', 'a@x.test', 'h', 'viewer')");
    await expect(
      t.db.query("insert into users (name, email, password_hash, role) values ('B', 'A@X.TEST', 'h', 'viewer')"),
    ).rejects.toMatchObject({ code: '23505' });
    // A role no row of the roles table has (migration 040): the foreign key refuses it.
    await expect(
      t.db.query("insert into users (name, email, password_hash, role) values ('C', 'c@x.test', 'h', 'owner')"),
    ).rejects.toMatchObject({ code: '23503' });
    const columns = await t.db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'transactions' and table_schema = current_schema()",
    );
    const names = columns.map((c) => c.column_name);
    expect(names).toEqual(expect.arrayContaining(['amount_cents', 'fee_cents', 'net_cents', 'last_four', 'card_fingerprint']));
    expect(names.filter((name) => /card_number|cvv|pan/.test(name))).toEqual([]);
  });

  it('rolls back a failing migration completely', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.exec('create table will_vanish (id int)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await t.db.query("select 1 from information_schema.tables where table_name = 'will_vanish'");
    expect(rows).toEqual([]);
  });
});

test('two migrations with one number are refused, naming both', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-migrations-'));
  try {
    for (const name of ['001_first.sql', '002_one_change.sql', '002_another_change.sql']) writeFileSync(join(dir, name), 'select 1;');
    expect(() => migrationFiles(dir)).toThrow(/^Migrations 002_\w+\.sql and 002_\w+\.sql have the same number/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(migrationFiles(defaultMigrationsDir())).toEqual(files);
});
