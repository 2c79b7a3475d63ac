import type { Db } from '../src/db/db';

/** Columns that change on a call that is merely authenticated (the idle timeout's clock). */
const volatileColumns: Record<string, readonly string[]> = {
  sessions: ['last_seen_at'],
  // Written in batches a few seconds after the calls that used the key (KEY-09).
  api_keys: ['last_used_at'],
};
/**
 * Tables that count every call, refused ones too: that is what a rate limit is for (migration 008);
 * and the API request log, written in batches after earlier calls' answers (KEY-10; api-keys.test.ts
 * shows that a refused key logs nothing).
 */
const countingTables: readonly string[] = ['attempt_counters', 'api_request_log'];

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Every table of the schema the app runs in (the test schema on PostgreSQL). */
export async function tableNames(db: Db): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `select table_name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

/** Every column of every table of the schema, by table. */
export async function tableColumns(db: Db): Promise<Map<string, string[]>> {
  const rows = await db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  return tables;
}

/**
 * Row count and a digest of every row of every table, so a test can prove that a refused call
 * changed nothing: no row added, removed or edited anywhere. One query.
 */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const rows = await db.query<{ t: string; n: number; digest: string }>(await snapshotQuery(db));
  return Object.fromEntries(rows.map((row) => [row.t, `${row.n} rows ${row.digest}`]));
}

/** The snapshot's statement, read from the catalog once per database: its tables do not change between snapshots. */
const snapshotQueries = new WeakMap<Db, Promise<string>>();
function snapshotQuery(db: Db): Promise<string> {
  let query = snapshotQueries.get(db);
  if (!query) {
    query = buildSnapshotQuery(db);
    snapshotQueries.set(db, query);
  }
  return query;
}

async function buildSnapshotQuery(db: Db): Promise<string> {
  const parts = [...(await tableColumns(db))]
    .filter(([table]) => !countingTables.includes(table))
    .map(([table, columns]) => {
      const kept = columns
        .filter((column) => !(volatileColumns[table] ?? []).includes(column))
        .map(quote)
        .join(', ');
      return `select '${table}' as t, count(*)::int as n, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as digest
              from (select ${kept} from ${quote(table)}) r`;
    });
  return parts.join(' union all ');
}

/** Row counts of the given tables. */
export async function rowCounts(db: Db, tables: readonly string[]): Promise<Record<string, number>> {
  const rows = await db.query<{ t: string; n: number }>(
    tables.map((table) => `select '${table}' as t, count(*)::int as n from ${quote(table)}`).join(' union all '),
  );
  return Object.fromEntries(rows.map((row) => [row.t, row.n]));
}
