import { z } from 'zod';
import { loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { openDb } from '../db/open-db';
import { ensureProviderKeys } from '../demo/provider-keys';
import { generateTransactions } from '../demo/transaction-generator';
import { writeTransactions } from '../demo/transactions-writer';
import { creditCompletedPayments } from '../payments/ledger-backfill';
import { checkpointLedger } from '../wallet/ledger';
import { CliError, runCli, stringOptions } from './run-cli';

const usage = 'Usage: npm run seed -- --transactions 10000 [--seed 42] [--days 90]';

const options = z.object({
  transactions: z.coerce.number().int().min(1).max(10_000_000),
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .default(() => Date.now() % 2 ** 31),
  days: z.coerce.number().int().min(1).max(3650).default(90),
});

/** Adds N generated transactions (same generator as the demo data), in batches, with progress. */
async function seed(): Promise<void> {
  const parsed = options.safeParse(stringOptions(['transactions', 'seed', 'days'], usage));
  if (!parsed.success)
    throw new CliError(`${String(parsed.error.issues[0]?.path[0] ?? 'option')}: ${parsed.error.issues[0]?.message}\n${usage}`);
  const { transactions, seed: prngSeed, days } = parsed.data;

  const config = loadConfig();
  // Crediting and analysing millions of rows are single statements that may take minutes.
  const db = await openDb({ ...config, dbLimits: { ...config.dbLimits, statementTimeoutMs: 0 } });
  try {
    await migrate(db);
    const providerKeys = await ensureProviderKeys(db);
    const started = Date.now();
    const seeds = generateTransactions({ count: transactions, seed: prngSeed, days, providerKeys });
    let reported = 0;
    await writeTransactions(db, seeds, {
      batchSize: 500,
      onProgress: (written) => {
        if (written - reported >= 10_000 || written === transactions) {
          reported = written;
          console.log(`${written.toLocaleString('en-US')} / ${transactions.toLocaleString('en-US')} transactions`);
        }
      },
    });
    // Seeded payments are money the merchant holds: the wallet reads the ledger, so post them.
    const credited = await db.transaction((tx) => creditCompletedPayments(tx));
    await checkpointLedger(db);
    // Fresh statistics for the planner: PGlite has no autovacuum to gather them.
    await db.query('analyze');
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${prngSeed}); ${credited.toLocaleString('en-US')} payments credited to the wallet.`,
    );
  } finally {
    await db.close();
  }
}

runCli(seed);
