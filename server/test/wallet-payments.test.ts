import { seal } from '@paydesk/shared/crypto/envelope';
import { resolveDuePayments } from '../src/payments/settlement';
import { buildTestApp, login, type TestApp } from './helper';
import { payerClient } from './payments-client';
import { cents, expectReconciled, walletApi } from './wallet-fixtures';

let t: TestApp;
let wallet: ReturnType<typeof walletApi>;
let payer: ReturnType<typeof payerClient>;
beforeAll(async () => {
  t = await buildTestApp({ PENDING_RESOLVE_SECONDS: '1' });
  wallet = walletApi(t.app, await login(t.app, 'admin@paydesk.test'));
  payer = payerClient(t.app, t.config);
}, 60_000);
afterAll(() => t?.close());

const postingsOf = async (transactionId: string) =>
  t.db.query<{ kind: string; account: string; amount_cents: number }>(
    `select p.kind, e.account, e.amount_cents from ledger_postings p join ledger_entries e on e.posting_id = p.id
      where p.transaction_id = $1 order by p.id, e.account`,
    [transactionId],
  );

const feeAndNet = async (transactionId: string) =>
  (
    await t.db.query<{ amount_cents: number; fee_cents: number }>(
      'select amount_cents, fee_cents from transactions where transaction_id = $1',
      [transactionId],
    )
  )[0]!;

it('credits a completed payment once: gross from card settlement to available, then its fee to fees', async () => {
  const before = cents((await wallet.balance()).data.available_balance);
  const { ids, result } = await payer.pay('4242424242424242');
  expect(result?.paymentCompleted).toBe(true);
  const { amount_cents, fee_cents } = await feeAndNet(ids.transactionId);
  expect(fee_cents).toBeGreaterThan(0);
  expect(await postingsOf(ids.transactionId)).toEqual([
    { kind: 'payment', account: 'card_settlement', amount_cents: -amount_cents },
    { kind: 'payment', account: 'merchant_available', amount_cents },
    { kind: 'payment_fee', account: 'fees', amount_cents: fee_cents },
    { kind: 'payment_fee', account: 'merchant_available', amount_cents: -fee_cents },
  ]);
  // The same submission again, twice at once, is answered from the first one and credits nothing more.
  const retry = () => payer.processRaw(seal(payer.payload(ids, '4242424242424242'), payer.keys));
  expect((await Promise.all([retry(), retry()])).map((r) => r.statusCode)).toEqual([200, 200]);
  expect(await postingsOf(ids.transactionId)).toHaveLength(4);
  const after = await wallet.balance();
  expect(cents(after.data.available_balance)).toBeGreaterThan(before);
  await expectReconciled(t.db, after.data);
});

it('credits nothing for a declined payment', async () => {
  const { ids } = await payer.pay('4000000000000002');
  expect(await postingsOf(ids.transactionId)).toEqual([]);
});

it('credits a pending payment when it resolves as completed, once, and not when it fails', async () => {
  const ok = await payer.pay('4000000000007205');
  const ko = await payer.pay('4000000000007304');
  expect(await postingsOf(ok.ids.transactionId)).toEqual([]);
  await t.db.query(`update transactions set resolve_at = now() where transaction_id = any($1)`, [
    [ok.ids.transactionId, ko.ids.transactionId],
  ]);
  await Promise.all([resolveDuePayments(t.db), resolveDuePayments(t.db)]);
  expect(await resolveDuePayments(t.db)).toBe(0);
  expect(await postingsOf(ok.ids.transactionId)).toHaveLength(4);
  expect(await postingsOf(ko.ids.transactionId)).toEqual([]);
  await expectReconciled(t.db, (await wallet.balance()).data);
});
