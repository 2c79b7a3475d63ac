import { buildTransactionsTestApp, centsOf, type TransactionsTestApp } from './transactions-fixtures';

let t: TransactionsTestApp;
beforeAll(async () => {
  t = await buildTransactionsTestApp();
}, 60_000);
afterAll(() => t?.close());

interface Data<T> {
  data: T;
}
// A sale: a payment that succeeded, refunded or disputed since or not (DASH-08, DSP-17). The demo's
// disputed payments have no dispute behind them, so these figures have no dispute movements.
const sale = `status in ('completed', 'success', 'refunded', 'disputed')`;
const day = `(created_at at time zone 'UTC')::date`;
const today = `(now() at time zone 'UTC')::date`;
const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 10_000) / whole) / 100);
const growth = (cur: number, prev: number) =>
  prev === 0 ? Math.sign(cur) * 100 : Math.round(((cur - prev) * 10_000) / Math.abs(prev)) / 100;
const money = (cents: number) => (cents / 100).toFixed(2);
/** Succeeded refunds whose UTC day of success is within `from`..`to` days ago, from the refunds table. */
const refundedBetween = (from: number, to: number) =>
  `(select coalesce(sum(amount_cents), 0) from refunds where status = 'succeeded' and (settled_at at time zone 'UTC')::date between ${today} - ${from} and ${today} - ${to})::bigint`;

/** The figures straight from the transactions and refunds tables, without the rollups the API reads. */
async function independent() {
  const [r] = await t.db.query<Record<string, number>>(`
    select count(*)::int as total, count(*) filter (where ${sale})::int as successful,
      count(*) filter (where status = 'failed')::int as failed, count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'disputed')::int as disputed, count(*) filter (where status = 'refunded')::int as refunded,
      coalesce(sum(amount_cents) filter (where ${sale}), 0)::bigint as sales, coalesce(sum(net_cents) filter (where ${sale}), 0)::bigint as net_sales,
      (select coalesce(sum(amount_cents), 0) from refunds where status = 'succeeded')::bigint as refunds,
      count(*) filter (where ${day} = ${today})::int as today_n, count(*) filter (where ${day} = ${today} and ${sale})::int as today_ok,
      count(*) filter (where ${day} = ${today} and status = 'failed')::int as today_failed,
      coalesce(sum(amount_cents) filter (where ${day} = ${today} and ${sale}), 0)::bigint as today_sales,
      coalesce(sum(net_cents) filter (where ${day} = ${today} and ${sale}), 0)::bigint as today_net_sales,
      ${refundedBetween(0, 0)} as today_refunds,
      count(*) filter (where ${day} between ${today} - 6 and ${today})::int as week_n,
      coalesce(sum(amount_cents) filter (where ${day} between ${today} - 6 and ${today} and ${sale}), 0)::bigint as week_sales,
      ${refundedBetween(6, 0)} as week_refunds,
      coalesce(sum(amount_cents) filter (where ${day} between ${today} - 13 and ${today} - 7 and ${sale}), 0)::bigint - ${refundedBetween(13, 7)} as prev_week,
      count(*) filter (where ${day} between ${today} - 29 and ${today})::int as month_n,
      coalesce(sum(amount_cents) filter (where ${day} between ${today} - 29 and ${today} and ${sale}), 0)::bigint as month_sales,
      ${refundedBetween(29, 0)} as month_refunds,
      coalesce(sum(amount_cents) filter (where ${day} between ${today} - 59 and ${today} - 30 and ${sale}), 0)::bigint - ${refundedBetween(59, 30)} as prev_month
    from transactions`);
  return r!;
}

async function expectFiguresMatchTheTable() {
  const x = await independent();
  expect(x.today_n).toBeGreaterThan(0);
  const revenue = await t.get<Data<Record<string, string>>>('/api/backend/total-revenue', t.tokens.admin);
  expect(revenue.json.data).toEqual({
    total_revenue: money(x.sales! - x.refunds!),
    total_net_revenue: money(x.net_sales! - x.refunds!),
    total_refunds: money(x.refunds!),
    total_disputes: '0.00',
  });
  const counts = await t.get<Data<unknown>>('/api/backend/total-transactions', t.tokens.admin);
  expect(counts.json.data).toEqual({
    total_transactions: x.total,
    successful_transactions: x.successful,
    failed_transactions: x.failed,
    pending_transactions: x.pending,
    disputed_transactions: x.disputed,
    refunded_transactions: x.refunded,
    success_rate: pct(x.successful!, x.total!),
  });
  const stats = await t.get<Data<Record<string, string | number>>>('/api/backend/today-stats', t.tokens.admin);
  const week = x.week_sales! - x.week_refunds!;
  const month = x.month_sales! - x.month_refunds!;
  expect(stats.json.data).toEqual({
    today_transactions: x.today_n,
    today_amount: money(x.today_sales! - x.today_refunds!),
    today_net_amount: money(x.today_net_sales! - x.today_refunds!),
    today_refunds: money(x.today_refunds!),
    today_disputes: '0.00',
    today_successful: x.today_ok,
    today_failed: x.today_failed,
    today_success_rate: pct(x.today_ok!, x.today_n!),
    week_transactions: x.week_n,
    week_amount: money(week),
    week_refunds: money(x.week_refunds!),
    week_disputes: '0.00',
    week_growth: growth(week, x.prev_week!),
    month_transactions: x.month_n,
    month_amount: money(month),
    month_refunds: money(x.month_refunds!),
    month_disputes: '0.00',
    month_growth: growth(month, x.prev_month!),
  });
  // The wallet is the ledger's (wallet tests): payments credit it, not rows written straight to the table.
  const [l] = await t.db.query<Record<string, number>>(`
    select coalesce(sum(amount_cents) filter (where account = 'merchant_available'), 0)::bigint as available,
           coalesce(sum(amount_cents) filter (where account = 'merchant_pending'), 0)::bigint as pending from ledger_entries`);
  const wallet = await t.get<Data<unknown>>('/api/backend/wallet-balance', t.tokens.admin);
  expect(wallet.json.data).toEqual({
    available_balance: (l!.available! / 100).toFixed(2),
    pending: (l!.pending! / 100).toFixed(2),
    total: ((l!.available! + l!.pending!) / 100).toFixed(2),
  });
}

describe('dashboard figures', () => {
  it('each equals an independent SQL computation on the same data', expectFiguresMatchTheTable);

  it('stay equal after statuses change and rows are deleted (the rollup follows)', async () => {
    await t.db.query(
      `update transactions set status = 'refunded' where id in (select id from transactions where status = 'success' order by id limit 7)`,
    );
    await t.db.query(`update refunds set settled_at = now() - interval '8 days' where id in (select id from refunds order by id limit 3)`);
    await t.db.query(
      `update refunds set status = 'pending', settled_at = null where id in (select id from refunds order by id desc limit 2)`,
    );
    await t.db.query(
      `update transactions set status = 'success', created_at = now() where id in (select id from transactions where status = 'failed' order by id limit 3)`,
    );
    await t.db.query(`delete from transactions where id in (select id from transactions where status = 'pending' order by id limit 2)`);
    await expectFiguresMatchTheTable();
  });

  it('charts the sales less refunds, the refunds and the count per day or month, oldest first, with empty buckets', async () => {
    for (const [range, buckets] of [
      ['7days', 7],
      ['30days', 30],
      ['90days', 90],
      ['12months', 12],
    ] as const) {
      const chart = await t.get<Data<{ date: string; amount: string; refunds: string; transactions: number }[]>>(
        `/api/backend/chart-data?range=${range}`,
        t.tokens.viewer,
      );
      expect(chart.statusCode).toBe(200);
      expect(chart.json.data).toHaveLength(buckets);
      const dates = chart.json.data.map((p) => p.date);
      expect([...dates].sort()).toEqual(dates);
    }
    const week = await t.get<Data<{ date: string; amount: string; refunds: string; transactions: number }[]>>(
      '/api/backend/chart-data',
      t.tokens.admin,
    );
    const rows = await t.db.query<{ date: string; sales: number; n: number }>(
      `select to_char(${day}, 'YYYY-MM-DD') as date, coalesce(sum(amount_cents) filter (where ${sale}), 0)::bigint as sales, count(*)::int as n
         from transactions where ${day} > ${today} - 7 group by 1`,
    );
    const refunds = await t.db.query<{ date: string; cents: number }>(
      `select to_char((settled_at at time zone 'UTC')::date, 'YYYY-MM-DD') as date, sum(amount_cents)::bigint as cents
         from refunds where status = 'succeeded' group by 1`,
    );
    const byDate = new Map(rows.map((r) => [r.date, r]));
    const refundsByDate = new Map(refunds.map((r) => [r.date, Number(r.cents)]));
    expect(refunds.length).toBeGreaterThan(0);
    for (const point of week.json.data) {
      const refunded = refundsByDate.get(point.date) ?? 0;
      expect([centsOf(point.amount), centsOf(point.refunds), point.transactions]).toEqual([
        (byDate.get(point.date)?.sales ?? 0) - refunded,
        refunded,
        byDate.get(point.date)?.n ?? 0,
      ]);
    }
    expect((await t.get('/api/backend/chart-data?range=1year', t.tokens.admin)).statusCode).toBe(400);
  });

  it('sends a viewer 90 % of the sales less refunds as net, never the real net, and no wallet balance', async () => {
    const revenue = await t.get<Data<{ total_revenue: string; total_net_revenue: string; total_refunds: string }>>(
      '/api/backend/total-revenue',
      t.tokens.viewer,
    );
    const refunds = centsOf(revenue.json.data.total_refunds);
    expect(refunds).toBeGreaterThan(0);
    const sales = centsOf(revenue.json.data.total_revenue) + refunds;
    expect(centsOf(revenue.json.data.total_net_revenue)).toBe(sales - Math.round(sales / 10) - refunds);
    const real = (await t.get<Data<{ total_net_revenue: string }>>('/api/backend/total-revenue', t.tokens.admin)).json.data
      .total_net_revenue;
    expect(revenue.body).not.toContain(real);
    const stats = await t.get<Data<{ today_amount: string; today_net_amount: string; today_refunds: string }>>(
      '/api/backend/today-stats',
      t.tokens.viewer,
    );
    const todayRefunds = centsOf(stats.json.data.today_refunds);
    const todaySales = centsOf(stats.json.data.today_amount) + todayRefunds;
    expect(centsOf(stats.json.data.today_net_amount)).toBe(todaySales - Math.round(todaySales / 10) - todayRefunds);
    expect((await t.get('/api/backend/wallet-balance', t.tokens.viewer)).statusCode).toBe(403);
  });

  it('refuses calls without a session', async () => {
    for (const path of ['total-revenue', 'total-transactions', 'today-stats', 'wallet-balance', 'recent-transactions', 'chart-data']) {
      expect((await t.app.inject({ url: `/api/backend/${path}` })).statusCode).toBe(401);
    }
  });
});
