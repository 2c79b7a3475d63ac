import { accountBalances, checkpointLedger } from '../src/wallet/ledger';
import { buildTestApp, login, testDbKind, type TestApp } from './helper';
import { payerClient } from './payments-client';
import { aWithdrawal, ledgerSums, walletApi } from './wallet-fixtures';

let t: TestApp;
let payer: ReturnType<typeof payerClient>;
let admin: ReturnType<typeof walletApi>;
beforeAll(async () => {
  t = await buildTestApp();
  payer = payerClient(t.app, t.config);
  admin = walletApi(t.app, await login(t.app, 'admin@paydesk.test'));
}, 60_000);
afterAll(() => t?.close());

const accounts = ['card_settlement', 'fees', 'merchant_available', 'merchant_pending', 'bank_payouts'] as const;
/** The checkpointed balances must always equal the plain sums of the entries. */
async function expectBalancesEqualSums() {
  const sums = await ledgerSums(t.db);
  const balances = await accountBalances(t.db, accounts);
  for (const account of accounts) expect([account, balances[account]]).toEqual([account, sums[account] ?? 0]);
}

/**
 * A writer's lock on the entries, held on a connection of its own (as a payment's insert holds it)
 * until `release`, which answers once that transaction has ended.
 */
async function holdWriterLock(): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const writer = t.db.transaction(async (tx) => {
    await tx.query('lock table ledger_entries in row exclusive mode');
    locked();
    await held;
  });
  await isLocked;
  return {
    release: () => {
      release();
      return writer;
    },
  };
}

describe('ledger checkpoints', () => {
  it('move over the entries and leave every balance equal to the sum of its entries', async () => {
    await expectBalancesEqualSums();
    expect(await checkpointLedger(t.db)).toBeGreaterThan(0);
    const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from ledger_checkpoints where upto_entry_id > 0');
    expect(row!.n).toBeGreaterThanOrEqual(3);
    await expectBalancesEqualSums();
    await payer.pay('4242424242424242');
    await expectBalancesEqualSums();
    // A paid payment's four entries: its gross from card_settlement to the balance, and its fee on to fees.
    expect(await checkpointLedger(t.db)).toBe(4);
    expect(await checkpointLedger(t.db)).toBe(0);
    await expectBalancesEqualSums();
  });

  it('lose nothing written while checkpoints run', async () => {
    const work = [
      ...Array.from({ length: 16 }, () => payer.pay('4242424242424242').then(() => undefined)),
      ...Array.from({ length: 4 }, (_, i) => admin.withdraw(aWithdrawal(1 + i)).then(() => undefined)),
      ...Array.from({ length: 6 }, () => checkpointLedger(t.db).then(() => undefined)),
    ];
    await Promise.all(work);
    await expectBalancesEqualSums();
    await checkpointLedger(t.db);
    await expectBalancesEqualSums();
  });

  // Only a server has more connections: one holds the entries' lock while two checkpoints wait for it.
  if (testDbKind === 'postgres')
    it('run one at a time: two that wait for the same writer move its entries once', async () => {
      await checkpointLedger(t.db);
      await payer.pay('4242424242424242');
      const writer = await holdWriterLock();
      const both = Promise.all([checkpointLedger(t.db), checkpointLedger(t.db)]);
      const waiting = async () =>
        (
          await t.db.query<{ n: number }>(
            "select count(*)::int as n from pg_locks where relation = 'ledger_entries'::regclass and not granted",
          )
        )[0]!.n;
      while ((await waiting()) < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      await writer.release();
      expect((await both).sort()).toEqual([0, 4]);
      await expectBalancesEqualSums();
    });

  if (testDbKind === 'postgres')
    it('give up without an error when the entries stay locked past the timeout', async () => {
      const writer = await holdWriterLock();
      expect(await checkpointLedger(t.db, 50)).toBe(0);
      await writer.release();
    });
});
