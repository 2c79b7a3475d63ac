-- The balance check of migration 005 grouped every entry of the new postings in one query; on a
-- small ledger the planner chose to scan the whole table for it, inside the payment's
-- transaction, so each payment got slower than the last (bench/payment-api.mjs: 374 → 97
-- payments/s over four rounds on an empty database). Each new posting is now summed on its own
-- through ledger_entries_posting_idx: one index range per posting whatever the ledger's size.
create or replace function ledger_entries_balanced() returns trigger language plpgsql as $$
declare
  unbalanced bigint;
begin
  select p.posting_id into unbalanced
    from (select distinct posting_id from new_rows) p
    where (select sum(e.amount_cents) from ledger_entries e where e.posting_id = p.posting_id) <> 0
    limit 1;
  if unbalanced is not null then
    raise exception 'ledger posting % does not balance', unbalanced;
  end if;
  return null;
end $$;
