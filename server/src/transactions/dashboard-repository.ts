import type { ChartRange } from '@paydesk/shared/schemas/dashboard';
import type { TransactionStatus } from '@paydesk/shared/schemas/transaction-status';
import { movementsByDay } from '../balance/balance-by-day';
import type { Db } from '../db/db';
import { SALE_STATUSES } from '../payments/transaction-statuses';

// Every figure reads three daily rollups, never the big tables: the payments' by the day each was
// made (migrations 003, 010), the succeeded refunds' by the day each succeeded (migration 023) and
// the balance history's by the day of each movement (migration 037) for the disputes. Days are
// UTC days; "today" is the database's current UTC date. A sale is a payment that succeeded,
// refunded or disputed since or not (SALES); a refund is taken from the day it succeeded
// (DASH-08, docs/decisions/revenue-net-of-refunds.md), a dispute's amount and fee from the day
// they left the balance, and an amount given back on the day it came back (DSP-17,
// docs/decisions/disputes-on-the-day-of-the-movement.md).
const today = `(now() at time zone 'UTC')::date`;

/** A disputed payment succeeded first: it stays a sale of its own day, whatever the dispute does. */
const SALES: readonly TransactionStatus[] = [...SALE_STATUSES, 'disputed'];

/** What disputes took from the balance in a period, in cents, each a positive number. */
export interface DisputesTaken {
  /** Disputed amounts withdrawn less those reinstated (balance types `dispute`, `dispute_reversal`). */
  disputesCents: number;
  /** Dispute fees (`dispute_fee`): a fee, so only the net figures lose it. */
  disputeFeesCents: number;
}
const noDisputes = (): DisputesTaken => ({ disputesCents: 0, disputeFeesCents: 0 });

/** The disputes' movements by UTC day in [from, to) (YYYY-MM-DD, null for no bound), from the balance history. */
export async function disputesByDay(db: Db, from: string | null, to: string | null): Promise<Map<string, DisputesTaken>> {
  const byDay = new Map<string, DisputesTaken>();
  for (const m of await movementsByDay(db, ['dispute', 'dispute_reversal', 'dispute_fee'], from, to)) {
    const day = byDay.get(m.day) ?? noDisputes();
    if (m.type === 'dispute_fee') day.disputeFeesCents -= m.netCents;
    else day.disputesCents -= m.amountCents;
    byDay.set(m.day, day);
  }
  return byDay;
}

/** The sum of the days of `byDay` that `inPeriod` takes. */
function disputesOver(byDay: Map<string, DisputesTaken>, inPeriod: (day: string) => boolean = () => true): DisputesTaken {
  const sum = noDisputes();
  for (const [day, d] of byDay) {
    if (!inPeriod(day)) continue;
    sum.disputesCents += d.disputesCents;
    sum.disputeFeesCents += d.disputeFeesCents;
  }
  return sum;
}

export interface SalesAndReturns extends DisputesTaken {
  /** Gross of the sales. */
  salesCents: number;
  /** The sales' gross less their fees. */
  netSalesCents: number;
  /** Succeeded refunds. */
  refundsCents: number;
}

export async function revenueTotals(db: Db): Promise<SalesAndReturns> {
  const [row] = await db.query<SalesAndReturns>(
    `select coalesce(sum(amount_cents), 0)::bigint as "salesCents", coalesce(sum(net_cents), 0)::bigint as "netSalesCents",
            (select coalesce(sum(amount_cents), 0) from refund_daily_totals)::bigint as "refundsCents"
       from transaction_daily_totals where status = any($1::text[])`,
    [SALES],
  );
  return {
    salesCents: Number(row?.salesCents ?? 0),
    netSalesCents: Number(row?.netSalesCents ?? 0),
    refundsCents: Number(row?.refundsCents ?? 0),
    ...disputesOver(await disputesByDay(db, null, null)),
  };
}

export interface StatusCounts {
  total: number;
  successful: number;
  failed: number;
  pending: number;
  disputed: number;
  refunded: number;
  success_rate: number;
}

/**
 * `successful` counts the sales, those refunded in full or disputed since among them (`refunded`
 * and `disputed` count those parts): neither undoes a payment's success. success_rate: successful
 * out of all, in percent with two decimals.
 */
export async function statusCounts(db: Db): Promise<StatusCounts> {
  const [row] = await db.query<StatusCounts>(
    `with c as (
       select coalesce(sum(transactions), 0)::bigint as total,
              coalesce(sum(transactions) filter (where status = any($1::text[])), 0)::bigint as successful,
              coalesce(sum(transactions) filter (where status = 'failed'), 0)::bigint as failed,
              coalesce(sum(transactions) filter (where status = 'pending'), 0)::bigint as pending,
              coalesce(sum(transactions) filter (where status = 'disputed'), 0)::bigint as disputed,
              coalesce(sum(transactions) filter (where status = 'refunded'), 0)::bigint as refunded
         from transaction_daily_totals)
     select c.*, coalesce(round(successful * 100.0 / nullif(total, 0), 2), 0)::float8 as success_rate from c`,
    [SALES],
  );
  if (!row) throw new Error('status counts returned no row');
  return row;
}

export interface PeriodStats {
  today_transactions: number;
  today_sales_cents: number;
  today_net_sales_cents: number;
  today_refunds_cents: number;
  today_disputes_cents: number;
  today_dispute_fees_cents: number;
  today_successful: number;
  today_failed: number;
  today_success_rate: number;
  week_transactions: number;
  /** Sales less refunds and disputes, as are the month's. */
  week_amount_cents: number;
  week_refunds_cents: number;
  week_disputes_cents: number;
  week_growth: number;
  month_transactions: number;
  month_amount_cents: number;
  month_refunds_cents: number;
  month_disputes_cents: number;
  month_growth: number;
}

/** Percent, and hundredths of one: growth has two decimals. */
const PERCENT = 100;
const HUNDREDTHS = 100;

/** Change from `prev` to `cur` in percent (two decimals); from nothing to something is ±100 %. */
const growth = (cur: number, prev: number): number =>
  prev === 0 ? Math.sign(cur) * PERCENT : Math.round(((cur - prev) * PERCENT * HUNDREDTHS) / Math.abs(prev)) / HUNDREDTHS;

/** The sales and refunds of today, the week, the month and the periods before, from the two rollups. */
interface SoldAndRefunded {
  today_transactions: number;
  today_sales_cents: number;
  today_net_sales_cents: number;
  today_successful: number;
  today_failed: number;
  today_success_rate: number;
  week_transactions: number;
  month_transactions: number;
  today_refunds_cents: number;
  week_sales: number;
  prev_week_sales: number;
  month_sales: number;
  prev_month_sales: number;
  week_refunds_cents: number;
  prev_week_refunds: number;
  month_refunds_cents: number;
  prev_month_refunds: number;
  /** Today's UTC date, YYYY-MM-DD, by the database's clock. */
  today: string;
}

/**
 * Today; the week = the last 7 days including today, against the 7 days before; the month = the
 * last 30 days including today, against the 30 before. A period's amount is its sales less the
 * refunds that succeeded in it and the disputed amounts that left the balance in it (those given
 * back added); growth compares those amounts.
 */
export async function periodStats(db: Db): Promise<PeriodStats> {
  const sale = 'status = any($1::text[])';
  const [row] = await db.query<SoldAndRefunded>(
    `with d as (select ${today} - day as age, * from transaction_daily_totals where day > ${today} - 60 and day <= ${today}),
     r as (select ${today} - day as age, amount_cents from refund_daily_totals where day > ${today} - 60 and day <= ${today}),
     refunded as (
       select coalesce(sum(amount_cents) filter (where age = 0), 0)::bigint as today_refunds_cents,
              coalesce(sum(amount_cents) filter (where age < 7), 0)::bigint as week_refunds_cents,
              coalesce(sum(amount_cents) filter (where age >= 7 and age < 14), 0)::bigint as prev_week_refunds,
              coalesce(sum(amount_cents) filter (where age < 30), 0)::bigint as month_refunds_cents,
              coalesce(sum(amount_cents) filter (where age >= 30), 0)::bigint as prev_month_refunds
         from r),
     sold as (
       select coalesce(sum(transactions) filter (where age = 0), 0)::bigint as today_transactions,
              coalesce(sum(amount_cents) filter (where age = 0 and ${sale}), 0)::bigint as today_sales_cents,
              coalesce(sum(net_cents) filter (where age = 0 and ${sale}), 0)::bigint as today_net_sales_cents,
              coalesce(sum(transactions) filter (where age = 0 and ${sale}), 0)::bigint as today_successful,
              coalesce(sum(transactions) filter (where age = 0 and status = 'failed'), 0)::bigint as today_failed,
              coalesce(sum(transactions) filter (where age < 7), 0)::bigint as week_transactions,
              coalesce(sum(amount_cents) filter (where age < 7 and ${sale}), 0)::bigint as week_sales,
              coalesce(sum(amount_cents) filter (where age >= 7 and age < 14 and ${sale}), 0)::bigint as prev_week_sales,
              coalesce(sum(transactions) filter (where age < 30), 0)::bigint as month_transactions,
              coalesce(sum(amount_cents) filter (where age < 30 and ${sale}), 0)::bigint as month_sales,
              coalesce(sum(amount_cents) filter (where age >= 30 and ${sale}), 0)::bigint as prev_month_sales
         from d)
     select *, coalesce(round(today_successful * 100.0 / nullif(today_transactions, 0), 2), 0)::float8 as today_success_rate,
            to_char(${today}, 'YYYY-MM-DD') as today
       from sold, refunded`,
    [SALES],
  );
  if (!row) throw new Error('period stats returned no row');
  const n = (value: number | string) => Number(value);
  const todayDate = row.today;
  const dayAge = (day: string) => Math.round((Date.parse(todayDate) - Date.parse(day)) / 86_400_000);
  const byDay = await disputesByDay(db, shiftDays(todayDate, -59), shiftDays(todayDate, 1));
  const over = (low: number, high: number) => disputesOver(byDay, (day) => dayAge(day) >= low && dayAge(day) < high);
  const [todayDisputes, week, prevWeek, month, prevMonth] = [over(0, 1), over(0, 7), over(7, 14), over(0, 30), over(30, 60)];
  const weekAmount = n(row.week_sales) - n(row.week_refunds_cents) - week.disputesCents;
  const prevWeekAmount = n(row.prev_week_sales) - n(row.prev_week_refunds) - prevWeek.disputesCents;
  const monthAmount = n(row.month_sales) - n(row.month_refunds_cents) - month.disputesCents;
  const prevMonthAmount = n(row.prev_month_sales) - n(row.prev_month_refunds) - prevMonth.disputesCents;
  return {
    today_transactions: n(row.today_transactions),
    today_sales_cents: n(row.today_sales_cents),
    today_net_sales_cents: n(row.today_net_sales_cents),
    today_refunds_cents: n(row.today_refunds_cents),
    today_disputes_cents: todayDisputes.disputesCents,
    today_dispute_fees_cents: todayDisputes.disputeFeesCents,
    today_successful: n(row.today_successful),
    today_failed: n(row.today_failed),
    today_success_rate: row.today_success_rate,
    week_transactions: n(row.week_transactions),
    week_amount_cents: weekAmount,
    week_refunds_cents: n(row.week_refunds_cents),
    week_disputes_cents: week.disputesCents,
    week_growth: growth(weekAmount, prevWeekAmount),
    month_transactions: n(row.month_transactions),
    month_amount_cents: monthAmount,
    month_refunds_cents: n(row.month_refunds_cents),
    month_disputes_cents: month.disputesCents,
    month_growth: growth(monthAmount, prevMonthAmount),
  };
}

/** YYYY-MM-DD `days` later (earlier when negative). */
const shiftDays = (day: string, days: number): string => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

export interface ChartPoint {
  date: string;
  /** The bucket's sales less the refunds that succeeded in it and the disputed amounts that left the balance in it. */
  amount_cents: number;
  refunds_cents: number;
  disputes_cents: number;
  transactions: number;
}

const ranges: Record<ChartRange, { buckets: number; unit: 'day' | 'month' }> = {
  '7days': { buckets: 7, unit: 'day' },
  '30days': { buckets: 30, unit: 'day' },
  '90days': { buckets: 90, unit: 'day' },
  '12months': { buckets: 12, unit: 'month' },
};

/** One point per day (YYYY-MM-DD) or month (YYYY-MM), oldest first, empty buckets as zero. */
export async function chartSeries(db: Db, range: ChartRange): Promise<ChartPoint[]> {
  const { buckets, unit } = ranges[range];
  const step = `interval '1 ${unit}'`;
  const last = unit === 'day' ? today : `date_trunc('month', ${today})::date`;
  const inBucket = (alias: string) => `${alias}.day >= b.start and ${alias}.day < b.start + ${step}`;
  const points = await db.query<ChartPoint & { start: string; end: string }>(
    `select to_char(b.start, $3) as date, to_char(b.start, 'YYYY-MM-DD') as start, to_char(b.start + ${step}, 'YYYY-MM-DD') as end,
            s.sales - r.refunds as amount_cents, r.refunds as refunds_cents, s.transactions
       from generate_series(${last} - ($2::int - 1) * ${step}, ${last}, ${step}) as b(start)
       cross join lateral (
         select coalesce(sum(t.amount_cents) filter (where t.status = any($1::text[])), 0)::bigint as sales,
                coalesce(sum(t.transactions), 0)::bigint as transactions
           from transaction_daily_totals t where ${inBucket('t')}) s
       cross join lateral (select coalesce(sum(x.amount_cents), 0)::bigint as refunds from refund_daily_totals x where ${inBucket('x')}) r
      order by b.start`,
    [SALES, buckets, unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'],
  );
  if (points.length === 0) return [];
  const byDay = await disputesByDay(db, points[0]!.start, points.at(-1)!.end);
  return points.map(({ start, end, ...p }) => {
    const { disputesCents } = disputesOver(byDay, (day) => day >= start && day < end);
    return { ...p, amount_cents: Number(p.amount_cents) - disputesCents, disputes_cents: disputesCents };
  });
}
