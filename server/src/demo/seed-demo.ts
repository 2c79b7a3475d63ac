import { SUPER_ADMIN } from '../auth/built-in-roles';
import { hashPassword } from '../auth/password-hasher';
import type { CardVault } from '../cards/card-vault';
import type { Db } from '../db/db';
import { countUsers, insertUser } from '../users/users-repository';
import { creditCompletedPayments } from '../payments/ledger-backfill';
import { seedDemoWebhookEndpoint } from '../payments/merchant-demo-webhooks';
import type { SecretBox } from '../security/secret-box';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { seedDemoPoolCards } from './demo-pool-cards';
import { seedDemoReleases } from './demo-releases';
import { ensureProviderKeys } from './provider-keys';
import { generateTransactions } from './transaction-generator';
import { writeTransactions } from './transactions-writer';

// Same constant in every process: two demo servers starting on one database seed once.
const SEED_LOCK_KEY = 7_311_042_002;

export interface DemoSeedOptions {
  password: string;
  /** Seeds a demo card pool sealed with these keys (the server's own); none without. */
  cardPool?: { vault: CardVault; fingerprintKey: string };
  transactions?: number;
  /** The demo merchant's webhook endpoint, at this public address with secrets sealed by this box; none without. */
  webhooks?: { publicUrl: string; box: SecretBox };
  seed?: number;
  now?: Date;
  /** Releases the remotes built under this folder as 1.0.0 (demo-releases.ts); none without. */
  frontendsDir?: string;
}

/**
 * Demo accounts, sandbox provider keys, ~90 days of transactions, a card pool and the local
 * remotes' releases, in one transaction.
 * Does nothing (returns false) when the database already has users.
 */
export async function seedDemo(db: Db, options: DemoSeedOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    if ((await countUsers(tx)) > 0) return false;
    let superAdmin: number | null = null;
    for (const account of DEMO_ACCOUNTS) {
      const passwordHash = await hashPassword(options.password);
      const { id } = await insertUser(tx, { ...account, passwordHash, status: 'active' });
      if (account.role === SUPER_ADMIN) superAdmin ??= id;
    }
    const providerKeys = await ensureProviderKeys(tx);
    const seeds = generateTransactions({
      count: options.transactions ?? 1500,
      seed: options.seed ?? 2026,
      providerKeys,
      ...(options.now ? { now: options.now } : {}),
    });
    await writeTransactions(tx, seeds);
    await creditCompletedPayments(tx);
    if (options.cardPool) await seedDemoPoolCards(tx, options.cardPool, options.now);
    if (options.webhooks) await seedDemoWebhookEndpoint(tx, options.webhooks.publicUrl, options.webhooks.box);
    if (options.frontendsDir) await seedDemoReleases(tx, options.frontendsDir, superAdmin);
    return true;
  });
}
