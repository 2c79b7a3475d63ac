import type { BalanceTransactionType } from '@paydesk/shared/schemas/balance';
import type { Db } from '../db/db';
import { kindsOf } from './balance-kinds';

/** The movements of one type on one UTC day, summed in cents. */
export interface DayMovements {
  /** YYYY-MM-DD, the UTC day. */
  day: string;
  type: BalanceTransactionType;
  amountCents: number;
  feeCents: number;
  netCents: number;
}

/** How often movementsByDay reads again when the rollups moved between its two statements. */
const ROLLUP_RACES = 5;

/**
 * The movements of `types` by UTC day in [from, to) (YYYY-MM-DD; null for no bound), as the
 * balance history counts them: the day rollups up to their mark, and the movements past it, one
 * by one. The mark is read first and handed in as a value, then read again with the sums, as
 * sumsBefore does (balance-repository.ts); each movement is in exactly one of the two parts.
 * What it reads is a row per day and type, and the few seconds of movements the job has not
 * rolled yet: the dashboard's figures of disputes cost the same at any size (DSP-17).
 */
export async function movementsByDay(
  db: Db,
  types: readonly BalanceTransactionType[],
  from: string | null,
  to: string | null,
): Promise<DayMovements[]> {
  let [state] = await db.query<{ upto: number }>('select upto_entry_id as upto from balance_rollup_state');
  for (let race = 0; ; race += 1) {
    const upto = Number(state!.upto);
    const rows = await db.query<{
      day: string | null;
      type: BalanceTransactionType;
      amount: number;
      fee: number;
      net: number;
      upto: number;
    }>(
      `with tail as materialized (
         select v.type, v.amount_cents, v.fee_cents, v.net_cents, v.created_at
           from ledger_entries e
           join ledger_postings p on p.id = e.posting_id and p.kind = any($2::text[])
           cross join lateral (
             select v.* from balance_transactions v where v.posting_id = e.posting_id and v.entry_id = e.id limit 1) v
          where e.account = 'merchant_available' and e.id > $1),
       bounds as (select $3::date::timestamp at time zone 'UTC' as low, $4::date::timestamp at time zone 'UTC' as high),
       parts as (
         select r.starts_at, r.type, r.amount_cents, r.fee_cents, r.net_cents
           from balance_rollups r, bounds b
          where r.period = 'day' and r.type = any($5::text[])
            and (b.low is null or r.starts_at >= b.low) and (b.high is null or r.starts_at < b.high)
         union all
         select t.created_at, t.type, t.amount_cents, t.fee_cents, t.net_cents
           from tail t, bounds b
          where (b.low is null or t.created_at >= b.low) and (b.high is null or t.created_at < b.high))
       select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD') as day, type, sum(amount_cents)::bigint as amount,
              sum(fee_cents)::bigint as fee, sum(net_cents)::bigint as net, null::bigint as upto
         from parts group by 1, 2
       union all
       select null, null, null, null, null, upto_entry_id from balance_rollup_state`,
      [upto, kindsOf(types), from, to, types],
    );
    const now = Number(rows.find((row) => row.day === null)?.upto);
    if (now === upto) {
      return rows
        .filter((row) => row.day !== null)
        .map((row) => ({
          day: row.day!,
          type: row.type,
          amountCents: Number(row.amount),
          feeCents: Number(row.fee),
          netCents: Number(row.net),
        }));
    }
    // The job rolls every 10 s and this takes milliseconds: more than a few races in a row is a fault.
    if (race >= ROLLUP_RACES) throw new Error(`the balance rollups moved under ${ROLLUP_RACES + 1} reads in a row`);
    state = { upto: now };
  }
}
