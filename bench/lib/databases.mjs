// A fresh PostgreSQL database per server process (the server migrates and seeds it), dropped
// again afterwards; PGlite needs nothing (the server's own data folder).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const defaultDatabaseUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** `env` for startProduct, the database's `url`, and `drop()` (once; again does nothing) for the end of the run. */
export async function freshDatabase(kind, serverUrl = defaultDatabaseUrl()) {
  if (kind === 'pglite') return { env: {}, url: undefined, drop: async () => {} };
  const name = `paydesk_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    url: url.toString(),
    name,
    drop: async () => {
      if (admin.dropped) return;
      admin.dropped = true;
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Drops a schema a benchmark left for another (transactions-api.mjs --keep-schema); none is fine. */
export async function dropSchema(name, serverUrl = defaultDatabaseUrl()) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${pg.escapeIdentifier(name)} cascade`);
  } finally {
    await admin.end();
  }
}

/**
 * VACUUM ANALYZE of the tables of the schema `db` works in. A bare VACUUM takes every table of the
 * database the role may vacuum: other schemas' too, such as the test run's, beside which the smoke
 * run seeds.
 */
export async function vacuumAnalyzeSchema(db) {
  const tables = await db.query(
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  await db.exec(`vacuum analyze ${tables.map((table) => table.name).join(', ')}`);
}
