import type { ChartRange } from '@paydesk/shared/schemas/dashboard';
import type { Db } from '../db/db';
import { SUCCESSFUL_STATUSES } from './transaction-statuses';

// Every figure reads the daily rollup of migration 003. Days are UTC days; "today" is the
// database's current UTC date. Amounts are the gross of successful (completed/success) payments.
const today = `(now() at time zone 'UTC')::date`;

export interface RevenueCents {
  revenueCents: number;
  netRevenueCents: number;
}

export async function revenueTotals(db: Db): Promise<RevenueCents> {
  // Net of the succeeded refunds of payments still successful (partial refunds); a payment
  // refunded in full is no longer successful. The fee is not returned, so net falls by as much (REF-11).
  const [row] = await db.query<{ revenue: number; net: number }>(
    `with refunded as (
       select coalesce(sum(r.amount_cents), 0)::bigint as cents from refunds r join transactions t on t.transaction_id = r.transaction_id
        where r.status = 'succeeded' and t.status = any($1::text[]))
     select coalesce(sum(amount_cents), 0)::bigint - (select cents from refunded) as revenue,
            coalesce(sum(net_cents), 0)::bigint - (select cents from refunded) as net
       from transaction_daily_totals where status = any($1::text[])`,
    [SUCCESSFUL_STATUSES],
  );
  return { revenueCents: row?.revenue ?? 0, netRevenueCents: row?.net ?? 0 };
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

/** success_rate: successful out of all transactions, in percent with two decimals. */
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
    [SUCCESSFUL_STATUSES],
  );
  if (!row) throw new Error('status counts returned no row');
  return row;
}

export interface PeriodStats {
  today_transactions: number;
  today_amount_cents: number;
  today_net_cents: number;
  today_successful: number;
  today_failed: number;
  today_success_rate: number;
  week_transactions: number;
  week_amount_cents: number;
  week_growth: number;
  month_transactions: number;
  month_amount_cents: number;
  month_growth: number;
}

/**
 * Today; the week = the last 7 days including today, against the 7 days before; the month = the
 * last 30 days including today, against the 30 before. Growth is the change of the successful
 * amount in percent (two decimals); from nothing to something counts as 100 %.
 */
export async function periodStats(db: Db): Promise<PeriodStats> {
  const ok = 'status = any($1::text[])';
  const [row] = await db.query<PeriodStats>(
    `with d as (select ${today} - day as age, * from transaction_daily_totals where day > ${today} - 60 and day <= ${today}),
     p as (
       select coalesce(sum(transactions) filter (where age = 0), 0)::bigint as today_transactions,
              coalesce(sum(amount_cents) filter (where age = 0 and ${ok}), 0)::bigint as today_amount_cents,
              coalesce(sum(net_cents) filter (where age = 0 and ${ok}), 0)::bigint as today_net_cents,
              coalesce(sum(transactions) filter (where age = 0 and ${ok}), 0)::bigint as today_successful,
              coalesce(sum(transactions) filter (where age = 0 and status = 'failed'), 0)::bigint as today_failed,
              coalesce(sum(transactions) filter (where age < 7), 0)::bigint as week_transactions,
              coalesce(sum(amount_cents) filter (where age < 7 and ${ok}), 0)::bigint as week_amount_cents,
              coalesce(sum(amount_cents) filter (where age >= 7 and age < 14 and ${ok}), 0)::bigint as prev_week_cents,
              coalesce(sum(transactions) filter (where age < 30), 0)::bigint as month_transactions,
              coalesce(sum(amount_cents) filter (where age < 30 and ${ok}), 0)::bigint as month_amount_cents,
              coalesce(sum(amount_cents) filter (where age >= 30 and ${ok}), 0)::bigint as prev_month_cents
         from d)
     select today_transactions, today_amount_cents, today_net_cents, today_successful, today_failed,
            coalesce(round(today_successful * 100.0 / nullif(today_transactions, 0), 2), 0)::float8 as today_success_rate,
            week_transactions, week_amount_cents,
            (case when prev_week_cents = 0 then (case when week_amount_cents > 0 then 100 else 0 end)
                  else round((week_amount_cents - prev_week_cents) * 100.0 / prev_week_cents, 2) end)::float8 as week_growth,
            month_transactions, month_amount_cents,
            (case when prev_month_cents = 0 then (case when month_amount_cents > 0 then 100 else 0 end)
                  else round((month_amount_cents - prev_month_cents) * 100.0 / prev_month_cents, 2) end)::float8 as month_growth
       from p`,
    [SUCCESSFUL_STATUSES],
  );
  if (!row) throw new Error('period stats returned no row');
  return row;
}

export interface ChartPoint {
  date: string;
  amount_cents: number;
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
  return db.query<ChartPoint>(
    `select to_char(b.start, $3) as date,
            coalesce(sum(t.amount_cents) filter (where t.status = any($1::text[])), 0)::bigint as amount_cents,
            coalesce(sum(t.transactions), 0)::bigint as transactions
       from generate_series(${last} - ($2::int - 1) * ${step}, ${last}, ${step}) as b(start)
       left join transaction_daily_totals t on t.day >= b.start and t.day < b.start + ${step}
      group by b.start order by b.start`,
    [SUCCESSFUL_STATUSES, buckets, unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'],
  );
}
