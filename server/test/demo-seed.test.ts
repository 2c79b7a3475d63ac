import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/demo/seed-demo';
import { generateTransactions } from '../src/demo/transaction-generator';
import { loggerOptions } from '../src/logger';
import { captureLogs, openTestDb, TEST_PASSWORD, type TestDb } from './helper';

const keys = [
  { id: 1, feeBps: 290, feeFixedCents: 30 },
  { id: 2, feeBps: 340, feeFixedCents: 30 },
  { id: 3, feeBps: 490, feeFixedCents: 50 },
];
const now = new Date('2026-03-01T12:00:00Z');

describe('demo data', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb();
    await migrate(t.db);
  }, 30_000);
  afterAll(() => t.dispose());

  it('seeds accounts, provider keys and transactions once', async () => {
    expect(await seedDemo(t.db, { password: TEST_PASSWORD, transactions: 1500, now })).toBe(true);
    expect(await seedDemo(t.db, { password: TEST_PASSWORD, transactions: 1500, now })).toBe(false);
    const users = await t.db.query<{ email: string; role: string }>('select email, role from users order by id');
    expect(users).toEqual([
      { email: 'superadmin@paydesk.test', role: 'super_admin' },
      { email: 'admin@paydesk.test', role: 'admin' },
      { email: 'viewer@paydesk.test', role: 'viewer' },
    ]);
    const [counts] = await t.db.query<{ transactions: number; keys: number }>(
      'select (select count(*) from transactions) as transactions, (select count(*) from provider_keys) as keys',
    );
    expect(counts).toEqual({ transactions: 1500, keys: 3 });
  }, 30_000);

  it('is realistic: a mix of statuses, within 90 days, net = amount - fee', async () => {
    const rows = await t.db.query<{ status: string; n: number }>('select status, count(*) as n from transactions group by status');
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, row.n]));
    expect(byStatus.success! + byStatus.completed!).toBeGreaterThan(1500 * 0.6);
    for (const status of ['failed', 'pending', 'disputed', 'refunded']) expect(byStatus[status]).toBeGreaterThan(0);
    const [bad] = await t.db.query<{ n: number }>(
      `select count(*) as n from transactions where created_at < $1::timestamptz - interval '91 days' or created_at > $1
          or (status not in ('failed', 'pending') and net_cents <> amount_cents - fee_cents)
          or (status = 'failed' and response_message is null)`,
      [now.toISOString()],
    );
    expect(bad!.n).toBe(0);
  });

  it('is deterministic for a seed', () => {
    const a = [...generateTransactions({ count: 50, seed: 7, providerKeys: keys, now })];
    const b = [...generateTransactions({ count: 50, seed: 7, providerKeys: keys, now })];
    expect(a).toEqual(b);
    expect(new Set(a.map((row) => row.transactionId)).size).toBe(50);
  });
});

describe('logger', () => {
  it('redacts credentials and card data', () => {
    const { logger, capture } = captureLogs();
    expect(loggerOptions('info').redact).toBeDefined();
    logger.info({ password: 'p1', body: { card_number: '4242424242424242', cvv: '123', data: 'enc' }, token: 't' }, 'x');
    logger.info({ req: { headers: { authorization: 'Bearer abc' } } }, 'y');
    const text = JSON.stringify(capture.lines);
    for (const secret of ['p1', '4242424242424242', '"123"', 'enc', 'Bearer abc']) expect(text).not.toContain(secret);
  });
});
