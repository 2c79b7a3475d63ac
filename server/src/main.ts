import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { startPeriodicJob } from './jobs/periodic-job';
import { resolveDuePayments } from './payments/settlement';
import { checkpointLedger } from './wallet/ledger';
import { rollUpBalance } from './balance/balance-rollups';
import { settleDueWithdrawals } from './wallet/withdrawal-settlement';
import { startWebhookWorker } from './webhooks/delivery-worker';
import { secretBox } from './security/secret-box';
import { settleDueRefunds } from './refunds/refund-settlement';
import { runDueDisputes } from './disputes/dispute-jobs';
import { deleteExpiredKeys } from './idempotency/idempotency-keys';
import { MissingKeyError } from './api-keys/api-keys-service';
import { pruneRequestLog } from './api-keys/request-log';
import { openDb } from './db/open-db';
import { cardVault } from './cards/card-vault';
import { seedDemo } from './demo/seed-demo';
import { createLogger } from './logger';
import { startupBanner } from './startup-banner';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Paydesk refused to start. ${error.message}`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const config = configOrExit();
  const logger = createLogger(config.logLevel, config.logFormat);
  const db = await openDb(config);
  const applied = await migrate(db);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  if (
    config.mode === 'demo' &&
    (await seedDemo(db, {
      password: config.demoPassword,
      cardPool: { vault: cardVault(config.cardStorageKey), fingerprintKey: config.fingerprintKey },
      webhooks: { publicUrl: config.publicUrl, box: secretBox(config.webhookSecretsKey) },
      frontendsDir: config.frontendsDir,
    }))
  ) {
    logger.info('demo data seeded');
  }
  // Wedged database calls never finish: the process leaves at once so that its supervisor starts a fresh one.
  const app = await buildApp({ config, db, logger, onDbWedged: () => process.exit(1) });
  await app.listen({ port: config.port, host: config.host });
  console.log(startupBanner(config));
  const stopResolver = startPeriodicJob('resolving pending payments', () => resolveDuePayments(db), logger);
  const stopSettlement = startPeriodicJob('settling withdrawals', () => settleDueWithdrawals(db), logger);
  const stopRefunds = startPeriodicJob('settling refunds', () => settleDueRefunds(db, config.fingerprintKey), logger);
  const disputeSettings = {
    openSeconds: config.disputeOpenSeconds,
    responseSeconds: config.disputeResponseSeconds,
    decisionSeconds: config.disputeDecisionSeconds,
    feeCents: config.disputeFeeCents,
    fingerprintKey: config.fingerprintKey,
  };
  const stopDisputes = startPeriodicJob('moving disputes', () => runDueDisputes(db, disputeSettings), logger);
  const stopKeys = startPeriodicJob('forgetting idempotency keys', () => deleteExpiredKeys(db), logger, 60_000);
  const stopCheckpoints = startPeriodicJob('checkpointing the ledger', () => checkpointLedger(db), logger, 10_000);
  // Balance history's rollups follow the checkpoints, which bound how far they may reach.
  const stopRollups = startPeriodicJob('rolling up the balance history', () => rollUpBalance(db), logger, 10_000);
  const stopRequestLog = startPeriodicJob('pruning the API request log', () => pruneRequestLog(db), logger, 60_000);
  const webhooks = startWebhookWorker(db, config, logger, { busy: () => app.requestsInFlight.average() >= config.webhookYieldRequests });

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // A stuck connection must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await stopResolver();
    await stopSettlement();
    await stopRefunds();
    await stopDisputes();
    await stopKeys();
    await stopCheckpoints();
    await stopRollups();
    await stopRequestLog();
    await webhooks.stop();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof MissingKeyError) {
    console.error(`Paydesk refused to start. ${error.message}`);
    process.exit(1);
  }
  console.error('Paydesk failed to start:', error instanceof DataDirBusyError ? error.message : error);
  process.exit(1);
});
