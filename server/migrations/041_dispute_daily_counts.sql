-- The dispute list's totals from a rollup (DSP-18, docs/decisions/disputes.md): counting 100,000
-- disputes took longer than the transaction list's whole page, which counts from its own daily
-- rollup (migrations 003, 010). Disputes by the UTC day they opened and their status, kept by a
-- statement trigger in the transaction of each change, spread over 16 rows per day and status by
-- the writer's backend (daily-totals-spread-over-shards.md), so two connections never wait on one
-- row. A change that keeps a dispute's status and day (evidence saved) writes nothing.
create table dispute_daily_counts (
  day date not null,
  status text not null,
  shard smallint not null,
  disputes bigint not null,
  primary key (day, status, shard)
);

-- Each change is one upsert in the order of the keys, as migration 010's trigger writes.
-- A transition table is named only for the events that have one, so each event has its function.
create function dispute_daily_counts_on_update() returns trigger language plpgsql as $$
begin
  insert into dispute_daily_counts as c (day, status, shard, disputes)
  select day, status, pg_backend_pid() % 16, sum(n)
    from (select (created_at at time zone 'UTC')::date as day, status, -1 as n from old_rows
          union all
          select (created_at at time zone 'UTC')::date, status, 1 from new_rows) moved
   group by 1, 2 having sum(n) <> 0 order by 1, 2
  on conflict (day, status, shard) do update set disputes = c.disputes + excluded.disputes;
  return null;
end;
$$;

create function dispute_daily_counts_on_insert() returns trigger language plpgsql as $$
begin
  insert into dispute_daily_counts as c (day, status, shard, disputes)
  select (created_at at time zone 'UTC')::date, status, pg_backend_pid() % 16, count(*)
    from new_rows group by 1, 2 order by 1, 2
  on conflict (day, status, shard) do update set disputes = c.disputes + excluded.disputes;
  return null;
end;
$$;

create function dispute_daily_counts_on_delete() returns trigger language plpgsql as $$
begin
  insert into dispute_daily_counts as c (day, status, shard, disputes)
  select (created_at at time zone 'UTC')::date, status, pg_backend_pid() % 16, -count(*)
    from old_rows group by 1, 2 order by 1, 2
  on conflict (day, status, shard) do update set disputes = c.disputes + excluded.disputes;
  return null;
end;
$$;

create trigger dispute_daily_counts_insert after insert on disputes
  referencing new table as new_rows for each statement execute function dispute_daily_counts_on_insert();
create trigger dispute_daily_counts_update after update on disputes
  referencing old table as old_rows new table as new_rows for each statement execute function dispute_daily_counts_on_update();
create trigger dispute_daily_counts_delete after delete on disputes
  referencing old table as old_rows for each statement execute function dispute_daily_counts_on_delete();

insert into dispute_daily_counts (day, status, shard, disputes)
select (created_at at time zone 'UTC')::date, status, 0, count(*) from disputes group by 1, 2;
