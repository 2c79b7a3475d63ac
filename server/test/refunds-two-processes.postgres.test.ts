import pg from 'pg';
import { DEMO_SECRET_KEY } from '../src/demo-keys';
import { startTwoServers, type ServerProcess, type TwoServers } from './server-process';

/**
 * Two server processes on one PostgreSQL database race refunds of one payment, and both run the
 * settlement job: the refunds never exceed the payment, each settles once, and the ledger
 * balances. PostgreSQL only (`.postgres.test.ts`): embedded PGlite belongs to one process.
 */
let admin: pg.Client;
let servers: ServerProcess[] = [];
let two: TwoServers;

const sql = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await admin.query<T>(text, params)).rows;

beforeAll(async () => {
  two = await startTwoServers('refunds', { REFUND_SETTLE_SECONDS: '1' });
  ({ admin, servers } = two);
}, 120_000);

afterAll(() => two?.stop(), 60_000);

const refund = (server: ServerProcess, body: unknown) =>
  fetch(`${server.baseUrl}/api/refunds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${DEMO_SECRET_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, json: (await r.json()) as { code?: string; data?: { id: string } } }));

it('never refunds more than a payment when two processes take refunds of it at once', async () => {
  // The largest paid demo payment, so that every refund is covered by the balance.
  const [payment] = await sql<{ transaction_id: string; amount_cents: string }>(
    `select transaction_id, amount_cents from transactions where status in ('completed', 'success') and amount_cents >= 1000 order by amount_cents desc limit 1`,
  );
  const each = Math.floor(Number(payment!.amount_cents) / 7.5);
  const fits = Math.floor(Number(payment!.amount_cents) / each);
  const responses = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      refund(servers[i % 2]!, { transaction_id: payment!.transaction_id, amount: each / 100, reason: 'other' }),
    ),
  );
  expect(responses.filter((r) => r.status === 201)).toHaveLength(fits);
  expect(responses.filter((r) => r.status === 409).every((r) => r.json.code === 'refund_exceeds_amount')).toBe(true);
  expect(responses.filter((r) => r.status === 409)).toHaveLength(40 - fits);

  // Both processes' jobs settle them; each exactly once.
  for (let waited = 0; waited < 20_000; waited += 250) {
    const [left] = await sql<{ n: string }>(`select count(*) as n from refunds where status = 'pending'`);
    if (Number(left!.n) === 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const [sums] = await sql<{ succeeded: string; refunded: string; amount: string }>(
    `select (select sum(amount_cents) from refunds where status = 'succeeded' and transaction_id = $1) as succeeded,
            refunded_cents as refunded, amount_cents as amount from transactions where transaction_id = $1`,
    [payment!.transaction_id],
  );
  expect(Number(sums!.succeeded)).toBe(fits * each);
  expect(Number(sums!.refunded)).toBe(fits * each);
  expect(Number(sums!.refunded)).toBeLessThanOrEqual(Number(sums!.amount));
  const [events] = await sql<{ created: string; succeeded: string }>(
    `select count(*) filter (where type = 'refund.created') as created, count(*) filter (where type = 'refund.succeeded') as succeeded from webhook_events`,
  );
  expect([Number(events!.created), Number(events!.succeeded)]).toEqual([fits, fits]);
  const unbalanced = await sql('select posting_id from ledger_entries group by posting_id having sum(amount_cents) <> 0');
  expect(unbalanced).toEqual([]);
  const [available] = await sql<{ sum: string }>(
    `select sum(amount_cents) as sum from ledger_entries where account = 'merchant_available'`,
  );
  expect(Number(available!.sum)).toBeGreaterThanOrEqual(0);
  // Both processes' settlements reached the refunds-by-day rollup the dashboard reads (DASH-08).
  const [rollup] = await sql<{ table: string; rollup: string }>(
    `select (select coalesce(sum(amount_cents), 0) from refunds where status = 'succeeded') as table,
            (select coalesce(sum(amount_cents), 0) from refund_daily_totals) as rollup`,
  );
  expect(Number(rollup!.rollup)).toBe(Number(rollup!.table));
}, 60_000);
