-- Succeeded refunds by the UTC day they succeeded (DASH-08, REF-11), so the dashboard takes each
-- refund from the day it succeeded without reading the refunds table. Kept by a statement trigger
-- in the transaction that settles the refund, like the payments' daily totals (migrations 003 and
-- 010), and spread over 16 rows a day (the writing session's backend pid modulo 16), so two
-- processes settling refunds at once never wait on one row.
create table refund_daily_totals (
  day date not null,
  shard smallint not null,
  refunds bigint not null default 0,
  amount_cents bigint not null default 0,
  primary key (day, shard)
);

create function refund_daily_totals_apply() returns trigger language plpgsql as $$
declare
  my_shard smallint := pg_backend_pid() % 16;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into refund_daily_totals as t (day, shard, refunds, amount_cents)
    select (settled_at at time zone 'UTC')::date, my_shard, -count(*), -sum(amount_cents)
      from old_rows where status = 'succeeded' group by 1 order by 1
    on conflict (day, shard) do update set refunds = t.refunds + excluded.refunds, amount_cents = t.amount_cents + excluded.amount_cents;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into refund_daily_totals as t (day, shard, refunds, amount_cents)
    select (settled_at at time zone 'UTC')::date, my_shard, count(*), sum(amount_cents)
      from new_rows where status = 'succeeded' group by 1 order by 1
    on conflict (day, shard) do update set refunds = t.refunds + excluded.refunds, amount_cents = t.amount_cents + excluded.amount_cents;
  end if;
  return null;
end;
$$;

create trigger refund_daily_totals_insert after insert on refunds
  referencing new table as new_rows for each statement execute function refund_daily_totals_apply();
create trigger refund_daily_totals_update after update on refunds
  referencing old table as old_rows new table as new_rows for each statement execute function refund_daily_totals_apply();
create trigger refund_daily_totals_delete after delete on refunds
  referencing old table as old_rows for each statement execute function refund_daily_totals_apply();

-- Refunds that succeeded before this migration.
insert into refund_daily_totals (day, shard, refunds, amount_cents)
select (settled_at at time zone 'UTC')::date, 0, count(*), sum(amount_cents)
  from refunds where status = 'succeeded' group by 1;
