// Fresh databases for benchmarks at scale, seeded through the product's own path (demo accounts,
// generated transactions, the wallet ledger), and removed again afterwards, on Ctrl-C too.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate } from '../../server/src/db/migrate.ts';
import { openPgliteDb } from '../../server/src/db/pglite-db.ts';
import { openPostgresDb } from '../../server/src/db/postgres-db.ts';
import { ensureProviderKeys } from '../../server/src/demo/provider-keys.ts';
import { seedDemo } from '../../server/src/demo/seed-demo.ts';
import { generateTransactions } from '../../server/src/demo/transaction-generator.ts';
import { writeTransactions } from '../../server/src/demo/transactions-writer.ts';
import { rollUpBalanceFully } from '../../server/src/balance/balance-rollups.ts';
import { creditCompletedPayments } from '../../server/src/payments/ledger-backfill.ts';
import { checkpointLedger } from '../../server/src/wallet/ledger.ts';
import { fmtInt, log } from './stats.mjs';
import { vacuumAnalyzeSchema } from './databases.mjs';

const workDir = join(dirname(fileURLToPath(import.meta.url)), '..', '.work');

export { fmtInt, log };
export const secondsSince = (t0) => Math.round((performance.now() - t0) / 100) / 10;

// Cleanup on Ctrl-C too: the schema and the PGlite folder must not outlive the run.
export const cleanups = [];
export const runCleanups = async () => {
  while (cleanups.length > 0)
    await cleanups
      .pop()()
      .catch((error) => console.error(`cleanup: ${error.message}`));
};
process.once('SIGINT', () => {
  console.error('\nInterrupted: cleaning up');
  void runCleanups().finally(() => process.exit(130));
});

/**
 * A new schema, dropped at the end. `keep` leaves it for a later benchmark to seed nothing
 * (npm run bench hands the 1,000,000 rows on); `create: false` takes over such a schema.
 */
export async function openPostgres(url, { schema = `bench_${randomBytes(4).toString('hex')}`, create = true, keep = false } = {}) {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`schema name ${schema}: lower-case letters, digits and _ only`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  if (create) await admin.query(`create schema ${schema}`);
  const db = await openPostgresDb(url, { searchPath: schema, limits: { statementTimeoutMs: 0 } });
  const [{ version }] = await db.query("select current_setting('server_version') as version");
  cleanups.push(async () => {
    if (!keep) await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });
  return { db, schema, label: `PostgreSQL ${version} (schema ${schema})`, version: `PostgreSQL ${version}` };
}

/** The server's DATABASE_URL for that schema: libpq's `options` parameter sets its search_path. */
export function urlWithSchema(url, schema) {
  const withOptions = new URL(url);
  withOptions.searchParams.set('options', `-c search_path=${schema}`);
  return withOptions.toString();
}

export async function openPglite() {
  const dir = join(workDir, `pglite-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true });
  cleanups.push(async () => {
    rmSync(dir, { recursive: true, force: true });
    try {
      rmdirSync(dirname(dir)); // bench/.work, when nothing else is in it
    } catch {
      // not empty: another run's folder
    }
  });
  const db = await openPgliteDb(dir);
  const [{ version }] = await db.query("select current_setting('server_version') as version");
  return { db, label: `PGlite (PostgreSQL ${version}) in ${dir}`, version: `PGlite, PostgreSQL ${version}` };
}

/** The product's seeding path: demo accounts, then N generated transactions, then the ledger. */
export async function seed(db, { password, count, seed: prngSeed, demoTransactions }) {
  const timings = {};
  let t0 = performance.now();
  await migrate(db);
  await seedDemo(db, { password, transactions: demoTransactions });
  timings.demo_s = secondsSince(t0);

  t0 = performance.now();
  const providerKeys = await ensureProviderKeys(db);
  let reported = 0;
  await writeTransactions(db, generateTransactions({ count, seed: prngSeed, providerKeys }), {
    batchSize: 500,
    onProgress: (written) => {
      if (written - reported >= Math.max(50_000, count / 10) || written === count) {
        reported = written;
        log(`  ${fmtInt(written)} / ${fmtInt(count)} transactions (${secondsSince(t0)} s)`);
      }
    },
  });
  timings.transactions_s = secondsSince(t0);

  t0 = performance.now();
  const credited = await db.transaction((tx) => creditCompletedPayments(tx));
  // The server's periodic jobs checkpoint the ledger and roll the balance history up every 10 s; a
  // benchmark starts from that state (the dashboard reads the disputes from those rollups).
  await checkpointLedger(db);
  await rollUpBalanceFully(db);
  timings.ledger_s = secondsSince(t0);
  log(`  ${fmtInt(credited)} payments credited to the wallet ledger (${timings.ledger_s} s)`);

  t0 = performance.now();
  await vacuumAnalyzeSchema(db);
  timings.vacuum_analyze_s = secondsSince(t0);
  return timings;
}
