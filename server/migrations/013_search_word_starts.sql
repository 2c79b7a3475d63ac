-- Transaction search by the start of a word, replacing the trigram index of migration 003.
--
-- A trigram index answers a fragment by reading the lists of all of its trigrams, and those lists
-- grow with the table whatever the fragment matches: 16 ms for a common e-mail fragment at
-- 1,000,000 transactions, ×7.8 per 10x more rows (bench/transactions-api.mjs). This index holds
-- the places a search may start at instead, each as one lexeme that a prefix query (`'…':*`)
-- finds in the index's sorted list of lexemes, so a search reads about as many entries as it
-- has matches, at any table size. About 6 lexemes a row instead of 45 trigrams.
--
-- Where a search may start (lower case):
--   the customer's name ("first last"), its part after the first separator and its last word;
--   the e-mail, its part after the first and after the last separator of the local part, from
--   the local part's first digit when letters come before it, and its domain;
--   the transaction id.
-- So "isaac", "mensah", "isaac.mens", "mensah20", "20@exa", "example.com" and "txn7k2" find
-- Isaac Mensah, isaac.mensah20@example.com, TXN7K2…; "saac" (inside a word) finds nothing.
-- Inputs are cut to 254 characters so that no lexeme passes tsvector's 2 KB limit.
-- The list query (transactions-repository.ts) also keeps the fragment's own LIKE test, so what
-- it finds holds the fragment exactly as typed, separators included.

create function transaction_search_terms(first_name text, last_name text, email text, transaction_id text)
returns tsvector language sql immutable parallel safe
return array_to_tsvector(array_remove(array[
  lower(left(first_name, 254) || ' ' || left(last_name, 254)),
  regexp_replace(lower(left(first_name, 254) || ' ' || left(last_name, 254)), '^[[:alnum:]]*[^[:alnum:]]+', ''),
  regexp_replace(lower(left(first_name, 254) || ' ' || left(last_name, 254)), '^.*[^[:alnum:]]', ''),
  lower(left(email, 254)),
  regexp_replace(lower(left(email, 254)), '^[[:alnum:]]*[^[:alnum:]@]+', ''),
  regexp_replace(lower(left(email, 254)), '^[^@]*[^[:alnum:]@]', ''),
  regexp_replace(lower(left(email, 254)), '^[^@[:digit:]]+(?=[[:digit:]][^@]*@)', ''),
  regexp_replace(lower(left(email, 254)), '^[^@]*@', ''),
  lower(left(transaction_id, 254))
], ''));

-- The prefix query for a typed fragment: lower case, leading separators dropped (they are not
-- part of any start), quoted for tsquery; null (matching nothing) when nothing is left.
create function transaction_search_query(fragment text)
returns tsquery language sql immutable parallel safe
return ('''' || replace(replace(nullif(regexp_replace(lower(left(fragment, 254)), '^[^[:alnum:]]+', ''), ''), '\', '\\'), '''', '''''') || ''':*')::tsquery;

-- The pending list kept small, as migration 012 explains for the index this one replaces.
create index transactions_search_idx on transactions
  using gin (transaction_search_terms(first_name, last_name, email, transaction_id))
  with (gin_pending_list_limit = 64);

drop index transactions_search_trgm_idx;
