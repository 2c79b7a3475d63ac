-- Payments under load (PERF-07 to PERF-09, bench/payment-api.mjs).
--
-- 1. The daily rollup of migration 003 had one row per day and status, so every payment of a day
--    updated the same row: the payments' transactions took turns from their insert to their
--    COMMIT (4 to 7 of 10 database sessions waiting on that row lock). The day is now spread over
--    up to 16 rows per status, one per database session (its backend pid modulo 16), so concurrent
--    payments mostly write different rows. Every reader already sums the rows of a day, so only
--    the key changes; a correction (update, delete) lands in its own session's row, which sums
--    the same.
-- 2. The sign-in and rate-limit counters (migration 008) are written twice per payment and need
--    no crash safety: after a crash of the database they start again from zero, as they do in
--    Redis, which keeps nothing on disk here either. Unlogged, their writes skip the WAL and
--    its flush at every commit.

alter table transaction_daily_totals add column shard smallint not null default 0;
alter table transaction_daily_totals drop constraint transaction_daily_totals_pkey;
alter table transaction_daily_totals add primary key (day, status, shard);

create or replace function transaction_daily_totals_apply() returns trigger language plpgsql as $$
declare
  my_shard smallint := pg_backend_pid() % 16;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into transaction_daily_totals as t (day, status, shard, transactions, amount_cents, fee_cents, net_cents)
    select (created_at at time zone 'UTC')::date, status, my_shard, -count(*), -sum(amount_cents), -sum(fee_cents), -sum(net_cents)
      from old_rows group by 1, 2 order by 1, 2
    on conflict (day, status, shard) do update set
      transactions = t.transactions + excluded.transactions, amount_cents = t.amount_cents + excluded.amount_cents,
      fee_cents = t.fee_cents + excluded.fee_cents, net_cents = t.net_cents + excluded.net_cents;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into transaction_daily_totals as t (day, status, shard, transactions, amount_cents, fee_cents, net_cents)
    select (created_at at time zone 'UTC')::date, status, my_shard, count(*), sum(amount_cents), sum(fee_cents), sum(net_cents)
      from new_rows group by 1, 2 order by 1, 2
    on conflict (day, status, shard) do update set
      transactions = t.transactions + excluded.transactions, amount_cents = t.amount_cents + excluded.amount_cents,
      fee_cents = t.fee_cents + excluded.fee_cents, net_cents = t.net_cents + excluded.net_cents;
  end if;
  return null;
end;
$$;

alter table attempt_counters set unlogged;
