import { centsOf } from '@paydesk/shared/money';
import { rollUpBalanceFully } from '../src/balance/balance-rollups';
import { writeLedgerHistory } from '../src/demo/ledger-history';
import { checkpointLedger } from '../src/wallet/ledger';
import { balanceApi, summaryCents } from './balance-fixtures';
import { availableCents, disputedPayment, disputesApi, makeDue, runDisputes } from './disputes-fixtures';
import { buildTestApp, login, type TestApp } from './helper';
import { paidPayment, settleNow, staffRefunds } from './refunds-fixtures';

/**
 * DSP-17: a sale stays on its payment's day whatever its dispute does; a disputed amount leaves
 * the figures on the day it left the balance and comes back on the day it came back; a dispute
 * fee leaves the net on its day. So the dashboard, the balance history and the ledger agree to
 * the cent, day by day. 29 past days of payments, refunds and disputes won and lost are written
 * with their times (the balance benchmark's history) and rolled up as the job leaves them; today
 * adds a dispute won, one lost, one accepted, a refund and a sale through the API, which the
 * rollups have not reached. Each figure is compared as a change from before, so the demo data
 * the app starts with does not count.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ PAYDESK_MODE: 'demo', DISPUTE_DECISION_SECONDS: '1', REFUND_SETTLE_SECONDS: '0' });
  admin = await login(t.app, 'admin@paydesk.test');
}, 60_000);
afterAll(() => t?.close());

const DAY_MS = 86_400_000;
/** The movements the dashboard's revenue is made of; withdrawals move the balance but are no revenue. */
const REVENUE_TYPES = ['payment', 'refund', 'refund_failure', 'dispute', 'dispute_reversal'] as const;

async function data<T>(path: string): Promise<T> {
  const response = await t.app.inject({ url: `/api/backend/${path}`, headers: { authorization: `Bearer ${admin}` } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: T }).data;
}

/** The dashboard's figures in cents, the 30-day chart by date, the balance history of each of those days and of all time, and the ledger. */
async function snapshot(days: readonly string[]) {
  const revenue = await data<Record<string, string>>('total-revenue');
  const stats = await data<Record<string, string>>('today-stats');
  const chart = await data<{ date: string; amount: string; disputes: string }[]>('chart-data?range=30days');
  const balance = balanceApi(t.app, admin);
  const history = async (from: string, to: string) => summaryCents(await balance.summaryOf(from, to));
  const byDay = new Map<string, Awaited<ReturnType<typeof history>>>();
  for (const day of days) byDay.set(day, await history(`${day}T00:00:00.000Z`, new Date(Date.parse(day) + DAY_MS).toISOString()));
  return {
    revenue: centsOf(revenue.total_revenue!),
    net: centsOf(revenue.total_net_revenue!),
    disputes: centsOf(revenue.total_disputes!),
    today: centsOf(stats.today_amount!),
    todayNet: centsOf(stats.today_net_amount!),
    chart: new Map(chart.map((p) => [p.date, { amount: centsOf(p.amount), disputes: centsOf(p.disputes) }])),
    byDay,
    all: await history('2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z'),
    ledger: await availableCents(t.db),
  };
}
type Snapshot = Awaited<ReturnType<typeof snapshot>>;
type History = Snapshot['all'];

const sum = (h: History, types: readonly string[], field: 'amount' | 'net') =>
  types.reduce((s, type) => s + (h.byType[type]?.[field] ?? 0), 0);
/** What a period's history says the dashboard shows: revenue (gross), net revenue, and the disputed amounts. */
const expected = (h: History) => ({
  revenue: sum(h, REVENUE_TYPES, 'amount'),
  net: sum(h, [...REVENUE_TYPES, 'payment_fee', 'dispute_fee'], 'net'),
  disputes: -sum(h, ['dispute', 'dispute_reversal'], 'amount'),
});
const minus = (a: ReturnType<typeof expected>, b: ReturnType<typeof expected>) => ({
  revenue: a.revenue - b.revenue,
  net: a.net - b.net,
  disputes: a.disputes - b.disputes,
});

it('counts sales on their day and disputes on the day of each movement, agreeing with the balance history and the ledger', async () => {
  const [{ midnight }] = (await t.db.query<{ midnight: string }>(
    `select to_char(date_trunc('day', now() at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as midnight`,
  )) as [{ midnight: string }];
  const todayMs = Date.parse(midnight);
  const days = Array.from({ length: 30 }, (_, i) => new Date(todayMs - (29 - i) * DAY_MS).toISOString().slice(0, 10));
  const before = await snapshot(days);

  // 29 past days, rolled up as the job leaves them; the seed is one whose refunds and failures never cross midnight.
  await writeLedgerHistory(t.db, {
    movements: 2000,
    from: new Date(todayMs - 29 * DAY_MS),
    to: new Date(todayMs - 3_600_000),
    seed: 33,
    tag: 'D',
  });
  await t.db.query(`update refunds set settled_at = created_at where id like 're_D%'`);
  await checkpointLedger(t.db);
  await rollUpBalanceFully(t.db);
  const [history] = await t.db.query<{ lost: number; won: number }>(
    `select count(*) filter (where status = 'lost')::int as lost, count(*) filter (where status = 'won')::int as won from disputes`,
  );
  expect(history!.lost).toBeGreaterThan(0);
  expect(history!.won).toBeGreaterThan(0);

  // Today, through the API: a dispute won, one lost, one accepted, a refund, a sale.
  const api = disputesApi(t.app, t.config.secretKey);
  const won = await disputedPayment(t, 40);
  const lost = await disputedPayment(t, 25);
  const accepted = await disputedPayment(t, 17);
  await api.update(won.disputeId, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true });
  await api.update(lost.disputeId, { evidence: { uncategorized_text: 'losing_evidence' }, submit: true });
  expect((await api.close(accepted.disputeId)).statusCode).toBe(200);
  await makeDue(t.db, won.disputeId, 'decision');
  await makeDue(t.db, lost.disputeId, 'decision');
  await runDisputes(t);
  const refunded = await paidPayment(t, 30);
  expect((await staffRefunds(t.app, admin).create(refunded, { amount: 12, reason: 'requested_by_customer' })).statusCode).toBe(201);
  await settleNow(t);
  await paidPayment(t, 9);
  const statuses = await t.db.query<{ status: string }>(
    'select status from disputes where id = any($1::text[]) order by amount_cents desc',
    [[won.disputeId, lost.disputeId, accepted.disputeId]],
  );
  expect(statuses.map((row) => row.status)).toEqual(['won', 'lost', 'lost']);

  const after = await snapshot(days);
  // Each day of the chart: its revenue and its disputes are the day's movements.
  for (const day of days) {
    const moved = minus(expected(after.byDay.get(day)!), expected(before.byDay.get(day)!));
    const point = {
      amount: after.chart.get(day)!.amount - before.chart.get(day)!.amount,
      disputes: after.chart.get(day)!.disputes - before.chart.get(day)!.disputes,
    };
    expect({ day, ...point }).toEqual({ day, amount: moved.revenue, disputes: moved.disputes });
  }
  // Today, net of fees too.
  const today = minus(expected(after.byDay.get(days[29]!)!), expected(before.byDay.get(days[29]!)!));
  expect({ today: after.today - before.today, net: after.todayNet - before.todayNet }).toEqual({ today: today.revenue, net: today.net });
  expect(today.disputes).toBe(4000 + 2500 + 1700 - 4000);
  // All time: the totals are the history's, and the ledger moved by the history's revenue and its withdrawals.
  const all = minus(expected(after.all), expected(before.all));
  expect({ revenue: after.revenue - before.revenue, net: after.net - before.net, disputes: after.disputes - before.disputes }).toEqual(all);
  const withdrawals =
    sum(after.all, ['withdrawal', 'withdrawal_failure'], 'net') - sum(before.all, ['withdrawal', 'withdrawal_failure'], 'net');
  expect(after.ledger - before.ledger).toBe(all.net + withdrawals);
  expect(after.all.closing - before.all.closing).toBe(after.ledger - before.ledger);
});
