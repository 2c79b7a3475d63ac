import type { Db } from '../db/db';

/**
 * Rolls the movements of the available balance up by UTC day and hour and type (migration 037),
 * from the rollups' mark up to the ledger's checkpoint of merchant_available, at most `batch`
 * entries a run: below the checkpoint no entry can still commit (migration 007), so each entry is
 * rolled once and none is left behind. One process rolls at a time; another that finds the mark
 * locked leaves the work to it (SKIP LOCKED). It reads the ledger and takes no lock of it, so no
 * payment waits for it. Answers how many movements it rolled.
 */
export async function rollUpBalance(db: Db, batch = 50_000): Promise<number> {
  return db.transaction(async (tx) => {
    const [state] = await tx.query<{ upto: number; bound: number }>(
      `select s.upto_entry_id as upto, c.upto_entry_id as bound
         from balance_rollup_state s cross join ledger_checkpoints c
        where c.account = 'merchant_available'
          for update of s skip locked`,
    );
    if (!state || Number(state.bound) <= Number(state.upto)) return 0;
    // The account's own entries after the mark: a range of migration 007's (account, id) index.
    const [range] = await tx.query<{ upto: number | null; moved: number }>(
      `select max(id) as upto, count(*)::int as moved from (
         select e.id from ledger_entries e
          where (e.account, e.id) > ('merchant_available', $1::bigint) and e.account = 'merchant_available' and e.id <= $2
          order by e.account, e.id limit $3) t`,
      [state.upto, state.bound, batch],
    );
    if (!range || range.upto === null) {
      await tx.query('update balance_rollup_state set upto_entry_id = $1', [state.bound]);
      return 0;
    }
    await tx.query(
      `insert into balance_rollups (period, starts_at, type, movements, amount_cents, fee_cents, net_cents)
       select g.period, date_trunc(g.period, v.created_at, 'UTC'), v.type, count(*), sum(v.amount_cents), sum(v.fee_cents), sum(v.net_cents)
         from ledger_entries e
         join balance_transactions v on v.posting_id = e.posting_id and v.entry_id = e.id
         cross join (values ('day'), ('hour')) g(period)
        where (e.account, e.id) > ('merchant_available', $1::bigint) and e.account = 'merchant_available' and e.id <= $2
        group by 1, 2, 3
       on conflict (period, starts_at, type) do update set
         movements = balance_rollups.movements + excluded.movements,
         amount_cents = balance_rollups.amount_cents + excluded.amount_cents,
         fee_cents = balance_rollups.fee_cents + excluded.fee_cents,
         net_cents = balance_rollups.net_cents + excluded.net_cents`,
      [state.upto, range.upto],
    );
    await tx.query('update balance_rollup_state set upto_entry_id = $1', [range.upto]);
    return Number(range.moved);
  });
}

/** Rolls until the rollups reach the checkpoint (the seeds and benchmarks, after writing history). */
export async function rollUpBalanceFully(db: Db): Promise<number> {
  let total = 0;
  for (let moved = await rollUpBalance(db); moved > 0; moved = await rollUpBalance(db)) total += moved;
  return total;
}
