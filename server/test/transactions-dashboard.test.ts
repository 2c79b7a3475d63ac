import { buildTransactionsTestApp, centsOf, type TransactionsTestApp } from './transactions-fixtures';

let t: TransactionsTestApp;
beforeAll(async () => {
  t = await buildTransactionsTestApp();
}, 60_000);
afterAll(() => t?.close());

interface Data<T> { data: T }
const ok = `status in ('completed', 'success')`;
const day = `(created_at at time zone 'UTC')::date`;
const today = `(now() at time zone 'UTC')::date`;
const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 10_000) / whole) / 100);
const growth = (cur: number, prev: number) => (prev === 0 ? (cur > 0 ? 100 : 0) : Math.round(((cur - prev) * 10_000) / prev) / 100);

/** The figures straight from the transactions table, without the rollup the API reads. */
async function independent() {
  const [r] = await t.db.query<Record<string, number>>(`
    select count(*)::int as total, count(*) filter (where ${ok})::int as successful,
      count(*) filter (where status = 'failed')::int as failed, count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'disputed')::int as disputed, count(*) filter (where status = 'refunded')::int as refunded,
      coalesce(sum(amount_cents) filter (where ${ok}), 0)::bigint as revenue, coalesce(sum(net_cents) filter (where ${ok}), 0)::bigint as net,
      count(*) filter (where ${day} = ${today})::int as today_n, count(*) filter (where ${day} = ${today} and ${ok})::int as today_ok,
      count(*) filter (where ${day} = ${today} and status = 'failed')::int as today_failed,
      coalesce(sum(amount_cents) filter (where ${day} = ${today} and ${ok}), 0)::bigint as today_amount,
      coalesce(sum(net_cents) filter (where ${day} = ${today} and ${ok}), 0)::bigint as today_net,
      count(*) filter (where ${day} between ${today} - 6 and ${today})::int as week_n,
      coalesce(sum(amount_cents) filter (where ${day} between ${today} - 6 and ${today} and ${ok}), 0)::bigint as week_amount,
      coalesce(sum(amount_cents) filter (where ${day} between ${today} - 13 and ${today} - 7 and ${ok}), 0)::bigint as prev_week,
      count(*) filter (where ${day} between ${today} - 29 and ${today})::int as month_n,
      coalesce(sum(amount_cents) filter (where ${day} between ${today} - 29 and ${today} and ${ok}), 0)::bigint as month_amount,
      coalesce(sum(amount_cents) filter (where ${day} between ${today} - 59 and ${today} - 30 and ${ok}), 0)::bigint as prev_month
    from transactions`);
  return r!;
}

async function expectFiguresMatchTheTable() {
  const x = await independent();
  expect(x.today_n).toBeGreaterThan(0);
  const revenue = await t.get<Data<Record<string, string>>>('/api/backend/total-revenue', t.tokens.admin);
  expect(revenue.json.data).toEqual({ total_revenue: (x.revenue! / 100).toFixed(2), total_net_revenue: (x.net! / 100).toFixed(2) });
  const counts = await t.get<Data<unknown>>('/api/backend/total-transactions', t.tokens.admin);
  expect(counts.json.data).toEqual({
    total_transactions: x.total, successful_transactions: x.successful, failed_transactions: x.failed, pending_transactions: x.pending,
    disputed_transactions: x.disputed, refunded_transactions: x.refunded, success_rate: pct(x.successful!, x.total!),
  });
  const stats = await t.get<Data<Record<string, string | number>>>('/api/backend/today-stats', t.tokens.admin);
  expect(stats.json.data).toEqual({
    today_transactions: x.today_n, today_amount: (x.today_amount! / 100).toFixed(2), today_net_amount: (x.today_net! / 100).toFixed(2),
    today_successful: x.today_ok, today_failed: x.today_failed, today_success_rate: pct(x.today_ok!, x.today_n!),
    week_transactions: x.week_n, week_amount: (x.week_amount! / 100).toFixed(2), week_growth: growth(x.week_amount!, x.prev_week!),
    month_transactions: x.month_n, month_amount: (x.month_amount! / 100).toFixed(2), month_growth: growth(x.month_amount!, x.prev_month!),
  });
  // The wallet is the ledger's (wallet tests): payments credit it, not rows written straight to the table.
  const [l] = await t.db.query<Record<string, number>>(`
    select coalesce(sum(amount_cents) filter (where account = 'merchant_available'), 0)::bigint as available,
           coalesce(sum(amount_cents) filter (where account = 'merchant_pending'), 0)::bigint as pending from ledger_entries`);
  const wallet = await t.get<Data<unknown>>('/api/backend/wallet-balance', t.tokens.admin);
  expect(wallet.json.data).toEqual({
    available_balance: (l!.available! / 100).toFixed(2), pending: (l!.pending! / 100).toFixed(2), total: ((l!.available! + l!.pending!) / 100).toFixed(2),
  });
}

describe('dashboard figures', () => {
  it('each equals an independent SQL computation on the same data', expectFiguresMatchTheTable);

  it('stay equal after statuses change and rows are deleted (the rollup follows)', async () => {
    await t.db.query(`update transactions set status = 'refunded' where id in (select id from transactions where ${ok} order by id limit 7)`);
    await t.db.query(`update transactions set status = 'success', created_at = now() where id in (select id from transactions where status = 'failed' order by id limit 3)`);
    await t.db.query(`delete from transactions where id in (select id from transactions where status = 'pending' order by id limit 2)`);
    await expectFiguresMatchTheTable();
  });

  it('charts the successful amount and count per day or month, oldest first, with empty buckets', async () => {
    for (const [range, buckets] of [['7days', 7], ['30days', 30], ['90days', 90], ['12months', 12]] as const) {
      const chart = await t.get<Data<{ date: string; amount: string; transactions: number }[]>>(`/api/backend/chart-data?range=${range}`, t.tokens.viewer);
      expect(chart.statusCode).toBe(200);
      expect(chart.json.data).toHaveLength(buckets);
      const dates = chart.json.data.map((p) => p.date);
      expect([...dates].sort()).toEqual(dates);
    }
    const week = await t.get<Data<{ date: string; amount: string; transactions: number }[]>>('/api/backend/chart-data', t.tokens.admin);
    const rows = await t.db.query<{ date: string; amount: number; n: number }>(
      `select to_char(${day}, 'YYYY-MM-DD') as date, coalesce(sum(amount_cents) filter (where ${ok}), 0)::bigint as amount, count(*)::int as n
         from transactions where ${day} > ${today} - 7 group by 1`);
    const byDate = new Map(rows.map((r) => [r.date, r]));
    for (const point of week.json.data) {
      expect([centsOf(point.amount), point.transactions]).toEqual([byDate.get(point.date)?.amount ?? 0, byDate.get(point.date)?.n ?? 0]);
    }
    expect((await t.get('/api/backend/chart-data?range=1year', t.tokens.admin)).statusCode).toBe(400);
  });

  it('sends a viewer 90 % net of gross, never the real net, and no wallet balance', async () => {
    const revenue = await t.get<Data<{ total_revenue: string; total_net_revenue: string }>>('/api/backend/total-revenue', t.tokens.viewer);
    const gross = centsOf(revenue.json.data.total_revenue);
    expect(centsOf(revenue.json.data.total_net_revenue)).toBe(gross - Math.round(gross / 10));
    const real = (await t.get<Data<{ total_net_revenue: string }>>('/api/backend/total-revenue', t.tokens.admin)).json.data.total_net_revenue;
    expect(revenue.body).not.toContain(real);
    const stats = await t.get<Data<{ today_amount: string; today_net_amount: string }>>('/api/backend/today-stats', t.tokens.viewer);
    const today = centsOf(stats.json.data.today_amount);
    expect(centsOf(stats.json.data.today_net_amount)).toBe(today - Math.round(today / 10));
    expect((await t.get('/api/backend/wallet-balance', t.tokens.viewer)).statusCode).toBe(403);
  });

  it('refuses calls without a session', async () => {
    for (const path of ['total-revenue', 'total-transactions', 'today-stats', 'wallet-balance', 'recent-transactions', 'chart-data']) {
      expect((await t.app.inject({ url: `/api/backend/${path}` })).statusCode).toBe(401);
    }
  });
});
