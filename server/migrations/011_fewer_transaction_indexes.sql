-- Every payment writes each index of `transactions`; three of them served no query.
--
-- - (created_at desc) and (status, created_at desc) of migration 001 are the leading columns of
--   migration 003's (created_at desc, id desc) and (status, created_at desc, id desc), which the
--   list, its status filter, the recent transactions and any date range read instead.
-- - lower(email) was for a lookup by e-mail that the search box does through the trigram index
--   of migration 003 (a fragment anywhere in the name, e-mail or transaction id).
--
-- Seven indexes are left to write per payment instead of ten (bench/payment-api.mjs).

drop index transactions_created_at_idx;
drop index transactions_status_created_at_idx;
drop index transactions_email_idx;
