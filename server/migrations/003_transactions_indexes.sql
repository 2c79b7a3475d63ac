-- Transaction monitoring and dashboard at scale (PERF-04, PERF-05).
-- 1. Search: one trigram index over the searchable text (customer name, e-mail, transaction id),
--    so a case-insensitive fragment search does not scan the table. The unit separator (U+001F)
--    between fields keeps a fragment from matching across two fields.
-- 2. Rollup: per UTC day and status, counts and cent sums kept by statement-level triggers (rows
--    taken in a fixed order so concurrent writers cannot deadlock on them), so
--    the dashboard figures, the chart and the list's unfiltered/status totals read a few hundred
--    rows instead of the whole table.

create extension if not exists pg_trgm with schema public;

create index transactions_search_trgm_idx on transactions using gin (
  lower(first_name || ' ' || last_name || E'\x1f' || email || E'\x1f' || transaction_id) public.gin_trgm_ops
);
-- The list's order: newest first, id as the tie-breaker.
create index transactions_created_at_id_idx on transactions (created_at desc, id desc);
create index transactions_status_created_at_id_idx on transactions (status, created_at desc, id desc);

create table transaction_daily_totals (
  day date not null,
  status text not null,
  transactions bigint not null default 0,
  amount_cents bigint not null default 0,
  fee_cents bigint not null default 0,
  net_cents bigint not null default 0,
  primary key (day, status)
);

create function transaction_daily_totals_apply() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into transaction_daily_totals as t (day, status, transactions, amount_cents, fee_cents, net_cents)
    select (created_at at time zone 'UTC')::date, status, -count(*), -sum(amount_cents), -sum(fee_cents), -sum(net_cents)
      from old_rows group by 1, 2 order by 1, 2
    on conflict (day, status) do update set
      transactions = t.transactions + excluded.transactions, amount_cents = t.amount_cents + excluded.amount_cents,
      fee_cents = t.fee_cents + excluded.fee_cents, net_cents = t.net_cents + excluded.net_cents;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into transaction_daily_totals as t (day, status, transactions, amount_cents, fee_cents, net_cents)
    select (created_at at time zone 'UTC')::date, status, count(*), sum(amount_cents), sum(fee_cents), sum(net_cents)
      from new_rows group by 1, 2 order by 1, 2
    on conflict (day, status) do update set
      transactions = t.transactions + excluded.transactions, amount_cents = t.amount_cents + excluded.amount_cents,
      fee_cents = t.fee_cents + excluded.fee_cents, net_cents = t.net_cents + excluded.net_cents;
  end if;
  return null;
end;
$$;

create trigger transaction_daily_totals_insert after insert on transactions
  referencing new table as new_rows for each statement execute function transaction_daily_totals_apply();
create trigger transaction_daily_totals_update after update on transactions
  referencing old table as old_rows new table as new_rows for each statement execute function transaction_daily_totals_apply();
create trigger transaction_daily_totals_delete after delete on transactions
  referencing old table as old_rows for each statement execute function transaction_daily_totals_apply();

-- Rows written before this migration.
insert into transaction_daily_totals (day, status, transactions, amount_cents, fee_cents, net_cents)
select (created_at at time zone 'UTC')::date, status, count(*), sum(amount_cents), sum(fee_cents), sum(net_cents)
  from transactions group by 1, 2;
