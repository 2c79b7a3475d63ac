-- The trigram search index of migration 003 takes new rows into a pending list, and the insert
-- that fills the list past gin_pending_list_limit (4 MB by default) moves all of it into the
-- index before it commits: about 3,500 payments' trigrams, 100 to 160 ms, every few seconds
-- under load, while the payments that wait on that statement wait with it (PostgreSQL's log
-- with log_min_duration_statement, bench/payment-api.mjs). At 64 kB, the least PostgreSQL takes,
-- each move is a few milliseconds and none of the payment's statements took 80 ms in the same
-- benchmark. A search also reads the whole pending list, so a short one serves it too.

alter index transactions_search_trgm_idx set (gin_pending_list_limit = 64);
