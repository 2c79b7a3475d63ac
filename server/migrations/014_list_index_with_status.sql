-- The transaction list reads a page in two steps (transactions-repository.ts): the ids of the
-- page's rows from an index alone, skipping the rows before the page there, then those rows by
-- id. This index, in the list's order, carries the status as well, so step one reads no table
-- row for a status filter either. Page 5,000 of 100 at 1,000,000 transactions: about 3 ms, and
-- 5 ms with Success (success or completed), instead of 70 to 90 ms (bench/transactions-api.mjs).
--
-- The status index of migration 003 goes: the list filters with `status = any(…)`, which
-- PostgreSQL 15 does not read from (status, created_at, id) in that order, so no list used it,
-- while every payment wrote it.

create index transactions_created_at_id_status_idx on transactions (created_at desc, id desc) include (status);
drop index transactions_created_at_id_idx;
drop index transactions_status_created_at_id_idx;
