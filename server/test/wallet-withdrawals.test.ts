import { settleDueWithdrawals, SANDBOX_REJECTION } from '../src/wallet/withdrawal-settlement';
import { buildTestApp, login, type TestApp } from './helper';
import { aWithdrawal, cents, expectReconciled, makeWithdrawalsDue, walletApi } from './wallet-fixtures';

let t: TestApp;
let admin: ReturnType<typeof walletApi>;
let viewer: ReturnType<typeof walletApi>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = walletApi(t.app, await login(t.app, 'admin@paydesk.test'));
  viewer = walletApi(t.app, await login(t.app, 'viewer@paydesk.test'));
}, 60_000);
afterAll(() => t?.close());

const countWithdrawals = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from withdrawals'))[0]!.n;

describe('wallet and withdrawals', () => {
  it('starts from the seeded completed payments, reconciled', async () => {
    const balance = await admin.balance();
    expect(balance.statusCode).toBe(200);
    expect(cents(balance.data.available_balance)).toBeGreaterThan(0);
    expect(balance.data.pending).toBe('0.00');
    await expectReconciled(t.db, balance.data);
  });

  it('refuses viewers (403) and anonymous callers (401), before reading the body', async () => {
    expect((await viewer.balance()).statusCode).toBe(403);
    expect((await viewer.list()).statusCode).toBe(403);
    expect((await viewer.withdraw({})).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/backend/withdraw', payload: {} })).statusCode).toBe(401);
    expect(await countWithdrawals()).toBe(0);
  });

  it.each([
    ['a zero amount', aWithdrawal(0), 'Please enter a valid amount'],
    ['a negative amount', aWithdrawal(-5), 'Please enter a valid amount'],
    ['three decimals', aWithdrawal(10.005), 'at most two decimals'],
    ['an amount as text', { ...aWithdrawal(1), amount: '10' }, 'amount'],
    ['a blank account number', aWithdrawal(1, { account_number: '  ' }), 'Please fill in all required fields'],
    ['a missing bank name', { ...aWithdrawal(1), bank_name: undefined }, 'bank_name'],
    ['a blank account name', aWithdrawal(1, { account_name: '' }), 'Please fill in all required fields'],
    ['a 35-character account number', aWithdrawal(1, { account_number: '1'.repeat(35) }), 'too long'],
    ['a 501-character reason', aWithdrawal(1, { reason: 'x'.repeat(501) }), 'too long'],
  ])('refuses %s with a 400 and moves no money', async (_case, body, message) => {
    const before = await admin.balance();
    const response = await admin.withdraw(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 'error', message: expect.stringContaining(message), code: 'invalid_request' });
    expect((await admin.balance()).data).toEqual(before.data);
  });

  it('refuses more than the available balance with a 409 that names it', async () => {
    const { data } = await admin.balance();
    const response = await admin.withdraw(aWithdrawal(cents(data.available_balance) / 100 + 0.01));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(`Insufficient balance. Available balance: $${data.available_balance}`);
  });

  it('moves the amount from available to pending at once and lists it as pending', async () => {
    const before = await admin.balance();
    const response = await admin.withdraw(aWithdrawal(12.34));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      status: 'success',
      message: 'Withdrawal of $12.34 has been submitted for processing',
      data: { amount: '12.34', status: 'pending' },
    });
    const after = await admin.balance();
    expect(cents(after.data.available_balance)).toBe(cents(before.data.available_balance) - 1234);
    expect(after.data.pending).toBe('12.34');
    expect(after.data.total).toBe(before.data.total);
    const list = admin.list();
    const [first] = (await list).json().data;
    expect(first).toMatchObject({
      amount: '12.34',
      account_number: '12345678',
      bank_name: 'First Test Bank',
      account_name: 'Paydesk Merchant Ltd',
      status: 'pending',
      reason: 'Weekly payout',
      processed_at: null,
    });
    expect(first.transaction_id).toMatch(/^WD[A-Z0-9]{16}$/);
    await expectReconciled(t.db, after.data);
  });

  it('makes a retried request with the same Idempotency-Key one withdrawal', async () => {
    const count = await countWithdrawals();
    const [a, b] = await Promise.all([admin.withdraw(aWithdrawal(5), 'retry-key-1'), admin.withdraw(aWithdrawal(5), 'retry-key-1')]);
    const c = await admin.withdraw(aWithdrawal(5), 'retry-key-1');
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(c.statusCode).toBe(200);
    expect(c.headers['idempotent-replayed']).toBe('true');
    expect(new Set([a, b, c].map((r) => r.json().data.transaction_id)).size).toBe(1);
    expect(await countWithdrawals()).toBe(count + 1);
    const reused = await admin.withdraw(aWithdrawal(6), 'retry-key-1');
    expect([reused.statusCode, reused.json().code]).toEqual([422, 'idempotency_key_reused']);
    expect(await countWithdrawals()).toBe(count + 1);
  });

  it('settles: a good account is paid out, a bad one fails with a reason and the money returns', async () => {
    const bad = (await admin.withdraw(aWithdrawal(7.5, { account_number: '9990000' }))).json().data.transaction_id;
    const before = await admin.balance();
    expect(await settleDueWithdrawals(t.db)).toBe(0); // not due yet
    await makeWithdrawalsDue(t.db);
    expect(await settleDueWithdrawals(t.db)).toBeGreaterThanOrEqual(2);
    const after = await admin.balance();
    expect(after.data.pending).toBe('0.00');
    expect(cents(after.data.available_balance)).toBe(cents(before.data.available_balance) + 750);
    const rows = (await admin.list()).json().data as {
      transaction_id: string;
      status: string;
      failure_reason: string | null;
      processed_at: string | null;
    }[];
    const failed = rows.find((r) => r.transaction_id === bad)!;
    expect(failed).toMatchObject({ status: 'failed', failure_reason: SANDBOX_REJECTION });
    expect(rows.filter((r) => r.transaction_id !== bad).every((r) => r.status === 'completed' && r.failure_reason === null)).toBe(true);
    expect(rows.every((r) => r.processed_at !== null)).toBe(true);
    expect(await settleDueWithdrawals(t.db)).toBe(0);
    await expectReconciled(t.db, after.data);
  });

  it('keeps the ledger append-only', async () => {
    await expect(t.db.query('update ledger_entries set amount_cents = 1')).rejects.toThrow(/append-only/);
    await expect(t.db.query('delete from ledger_postings')).rejects.toThrow(/append-only/);
  });
});
