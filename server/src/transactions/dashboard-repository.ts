import type { ChartRange } from '@paydesk/shared/schemas/dashboard';
import type { Db } from '../db/db';
import { SALE_STATUSES } from '../payments/transaction-statuses';

// Every figure reads two daily rollups, never the big tables: the payments' by the day each was
// made (migrations 003, 010) and the succeeded refunds' by the day each succeeded (migration 023).
// Days are UTC days; "today" is the database's current UTC date. A sale is a payment that
// succeeded, refunded since or not (SALE_STATUSES); a refund is taken from the day it succeeded
// (DASH-08, docs/decisions/revenue-net-of-refunds.md).
const today = `(now() at time zone 'UTC')::date`;

export interface SalesAndRefunds {
  /** Gross of the sales. */
  salesCents: number;
  /** The sales' gross less their fees. */
  netSalesCents: number;
  /** Succeeded refunds. */
  refundsCents: number;
}

export async function revenueTotals(db: Db): Promise<SalesAndRefunds> {
  const [row] = await db.query<SalesAndRefunds>(
    `select coalesce(sum(amount_cents), 0)::bigint as "salesCents", coalesce(sum(net_cents), 0)::bigint as "netSalesCents",
            (select coalesce(sum(amount_cents), 0) from refund_daily_totals)::bigint as "refundsCents"
       from transaction_daily_totals where status = any($1::text[])`,
    [SALE_STATUSES],
  );
  return {
    salesCents: Number(row?.salesCents ?? 0),
    netSalesCents: Number(row?.netSalesCents ?? 0),
    refundsCents: Number(row?.refundsCents ?? 0),
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
 * `successful` counts the sales, those refunded in full since among them (`refunded` is that part):
 * a refund does not undo a payment's success. success_rate: successful out of all, in percent
 * with two decimals.
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
    [SALE_STATUSES],
  );
  if (!row) throw new Error('status counts returned no row');
  return row;
}

export interface PeriodStats {
  today_transactions: number;
  today_sales_cents: number;
  today_net_sales_cents: number;
  today_refunds_cents: number;
  today_successful: number;
  today_failed: number;
  today_success_rate: number;
  week_transactions: number;
  /** Sales less refunds, as are the month's. */
  week_amount_cents: number;
  week_refunds_cents: number;
  week_growth: number;
  month_transactions: number;
  month_amount_cents: number;
  month_refunds_cents: number;
  month_growth: number;
}

/** Change from `prev` to `cur` in percent (two decimals); from nothing to something is ±100 %. */
const growth = (cur: string, prev: string) =>
  `(case when ${prev} = 0 then sign(${cur}) * 100 else round((${cur} - ${prev}) * 100.0 / abs(${prev}), 2) end)::float8`;

/**
 * Today; the week = the last 7 days including today, against the 7 days before; the month = the
 * last 30 days including today, against the 30 before. A period's amount is its sales less the
 * refunds that succeeded in it; growth compares those amounts.
 */
export async function periodStats(db: Db): Promise<PeriodStats> {
  const sale = 'status = any($1::text[])';
  const [row] = await db.query<PeriodStats>(
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
         from d),
     p as (
       select *, week_sales - week_refunds_cents as week_amount_cents, prev_week_sales - prev_week_refunds as prev_week_cents,
              month_sales - month_refunds_cents as month_amount_cents, prev_month_sales - prev_month_refunds as prev_month_cents
         from sold, refunded)
     select today_transactions, today_sales_cents, today_net_sales_cents, today_refunds_cents, today_successful, today_failed,
            coalesce(round(today_successful * 100.0 / nullif(today_transactions, 0), 2), 0)::float8 as today_success_rate,
            week_transactions, week_amount_cents, week_refunds_cents, ${growth('week_amount_cents', 'prev_week_cents')} as week_growth,
            month_transactions, month_amount_cents, month_refunds_cents, ${growth('month_amount_cents', 'prev_month_cents')} as month_growth
       from p`,
    [SALE_STATUSES],
  );
  if (!row) throw new Error('period stats returned no row');
  return row;
}

export interface ChartPoint {
  date: string;
  /** The bucket's sales less the refunds that succeeded in it. */
  amount_cents: number;
  refunds_cents: number;
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
  return db.query<ChartPoint>(
    `select to_char(b.start, $3) as date, s.sales - r.refunds as amount_cents, r.refunds as refunds_cents, s.transactions
       from generate_series(${last} - ($2::int - 1) * ${step}, ${last}, ${step}) as b(start)
       cross join lateral (
         select coalesce(sum(t.amount_cents) filter (where t.status = any($1::text[])), 0)::bigint as sales,
                coalesce(sum(t.transactions), 0)::bigint as transactions
           from transaction_daily_totals t where ${inBucket('t')}) s
       cross join lateral (select coalesce(sum(x.amount_cents), 0)::bigint as refunds from refund_daily_totals x where ${inBucket('x')}) r
      order by b.start`,
    [SALE_STATUSES, buckets, unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'],
  );
}
