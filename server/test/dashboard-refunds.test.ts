import { buildTestApp, login, type TestApp } from './helper';
import { paidPayment, REFUND_FAILS, settleNow, staffRefunds } from './refunds-fixtures';
import { cents } from './wallet-fixtures';

/**
 * DASH-08: a sale counts on the day it was paid, a refund on the day it succeeded, so a day's
 * figures never change when a refund happens later. Times are moved in the database, as the
 * dashboard's other tests do; the rollups follow the moved rows.
 */
let t: TestApp;
let admin: string;
let refunds: ReturnType<typeof staffRefunds>;

beforeAll(async () => {
  t = await buildTestApp({ REFUND_SETTLE_SECONDS: '0' });
  admin = await login(t.app, 'admin@paydesk.test');
  refunds = staffRefunds(t.app, admin);
}, 60_000);
afterAll(() => t?.close());

const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function data<T>(path: string): Promise<T> {
  const response = await t.app.inject({ url: `/api/backend/${path}`, headers: { authorization: `Bearer ${admin}` } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: T }).data;
}

/** The dashboard's figures in cents, and the 7-day chart by date. */
async function figures() {
  const revenue = await data<Record<string, string>>('total-revenue');
  const stats = await data<Record<string, string | number>>('today-stats');
  const counts = await data<Record<string, number>>('total-transactions');
  const chart = await data<{ date: string; amount: string; refunds: string; transactions: number }[]>('chart-data?range=7days');
  return {
    revenue: cents(revenue.total_revenue!),
    net: cents(revenue.total_net_revenue!),
    refunds: cents(revenue.total_refunds!),
    today: cents(String(stats.today_amount)),
    todayNet: cents(String(stats.today_net_amount)),
    todayRefunds: cents(String(stats.today_refunds)),
    week: cents(String(stats.week_amount)),
    weekRefunds: cents(String(stats.week_refunds)),
    month: cents(String(stats.month_amount)),
    monthRefunds: cents(String(stats.month_refunds)),
    successful: counts.successful_transactions!,
    refunded: counts.refunded_transactions!,
    chart: new Map(chart.map((p) => [p.date, { amount: cents(p.amount), refunds: cents(p.refunds), transactions: p.transactions }])),
  };
}
type Figures = Awaited<ReturnType<typeof figures>>;

/** A payment of `amount` dollars made `daysAgo` UTC days back (its row moved there). */
async function saleDaysAgo(amount: number, daysAgo: number, card?: string): Promise<{ id: string; fee: number }> {
  const id = await paidPayment(t, amount, card);
  const [row] = await t.db.query<{ fee: number }>(
    `update transactions set created_at = created_at - make_interval(days => $2) where transaction_id = $1 returning fee_cents::int as fee`,
    [id, daysAgo],
  );
  return { id, fee: row!.fee };
}

/** What the refunds changed, figure by figure, from `before` to `after`. */
function change(before: Figures, after: Figures) {
  const delta = Object.fromEntries(
    (Object.keys(before) as (keyof Figures)[]).filter((k) => k !== 'chart').map((k) => [k, (after[k] as number) - (before[k] as number)]),
  );
  const chart = Object.fromEntries(
    [...after.chart].map(([date, p]) => {
      const b = before.chart.get(date)!;
      return [date, { amount: p.amount - b.amount, refunds: p.refunds - b.refunds }];
    }),
  );
  return { ...delta, chart };
}
const unchangedDay = { amount: 0, refunds: 0 };

it('takes a partial refund from the day it succeeded, not from the sale day; pending counts nothing', async () => {
  const sale = await saleDaysAgo(60, 2);
  const before = await figures();
  expect(before.chart.get(dayAgo(2))!.amount).toBeGreaterThanOrEqual(6000);
  expect((await refunds.create(sale.id, { amount: 15, reason: 'requested_by_customer' })).statusCode).toBe(201);
  expect(await figures()).toEqual(before);

  await settleNow(t);
  const after = await figures();
  const d = change(before, after);
  expect(d).toMatchObject({
    revenue: -1500,
    net: -1500,
    refunds: 1500,
    today: -1500,
    todayNet: -1500,
    todayRefunds: 1500,
    week: -1500,
    weekRefunds: 1500,
    month: -1500,
    monthRefunds: 1500,
    successful: 0,
    refunded: 0,
  });
  expect(d.chart[dayAgo(2)]).toEqual(unchangedDay);
  expect(d.chart[dayAgo(0)]).toEqual({ amount: -1500, refunds: 1500 });
});

it('keeps a sale refunded in full on its own day and takes the whole amount, fee kept, on the refund day', async () => {
  const sale = await saleDaysAgo(40, 3);
  const before = await figures();
  await refunds.create(sale.id, { reason: 'duplicate' });
  await settleNow(t);
  expect((await refunds.details(sale.id)).status).toBe('refunded');
  const d = change(before, await figures());
  expect(sale.fee).toBeGreaterThan(0);
  // The sale still counts as a successful payment; net falls by the whole 40.00, since its fee is not returned.
  expect(d).toMatchObject({ revenue: -4000, net: -4000, refunds: 4000, todayRefunds: 4000, successful: 0, refunded: 1 });
  expect(d.chart[dayAgo(3)]).toEqual(unchangedDay);
  expect(d.chart[dayAgo(0)]).toEqual({ amount: -4000, refunds: 4000 });
});

it('counts nothing for a failed refund', async () => {
  const sale = await saleDaysAgo(25, 1, REFUND_FAILS);
  const before = await figures();
  await refunds.create(sale.id, { amount: 10, reason: 'other' });
  await settleNow(t);
  expect((await refunds.details(sale.id)).refunds[0]!.status).toBe('failed');
  expect(await figures()).toEqual(before);
});

it('moves a refund with the day it succeeded, and leaves closed days as they were', async () => {
  const sale = await saleDaysAgo(30, 5);
  await refunds.create(sale.id, { amount: 12, reason: 'other' });
  await settleNow(t);
  const before = await figures();
  await t.db.query(`update refunds set settled_at = settled_at - interval '1 day' where transaction_id = $1`, [sale.id]);
  const d = change(before, await figures());
  expect(d).toMatchObject({ revenue: 0, refunds: 0, today: 1200, todayRefunds: -1200, week: 0 });
  expect(d.chart[dayAgo(0)]).toEqual({ amount: 1200, refunds: -1200 });
  expect(d.chart[dayAgo(1)]).toEqual({ amount: -1200, refunds: 1200 });
  expect(d.chart[dayAgo(5)]).toEqual(unchangedDay);
});

it('moves net revenue as the ledger moves the available balance for sales and refunds', async () => {
  const ledger = async () => {
    const [row] = await t.db.query<{ cents: number }>(
      `select coalesce(sum(e.amount_cents), 0)::bigint as cents from ledger_entries e join ledger_postings p on p.id = e.posting_id
        where e.account = 'merchant_available' and p.kind in ('payment', 'payment_fee', 'refund', 'refund_returned')`,
    );
    return Number(row!.cents);
  };
  const before = { net: (await figures()).net, ledger: await ledger() };
  const a = await saleDaysAgo(80, 4);
  const b = await saleDaysAgo(20, 0);
  const c = await saleDaysAgo(35, 2, REFUND_FAILS);
  await refunds.create(a.id, { amount: 30.5, reason: 'other' });
  await refunds.create(b.id, { reason: 'other' });
  await refunds.create(c.id, { amount: 5, reason: 'other' });
  await settleNow(t);
  const after = { net: (await figures()).net, ledger: await ledger() };
  expect(after.net - before.net).toBe(after.ledger - before.ledger);
  expect(after.net - before.net).toBe(8000 + 2000 + 3500 - a.fee - b.fee - c.fee - 3050 - 2000);
});
