-- Wallet balances at scale (PERF-04): a balance is its account's checkpoint plus the entries
-- after it, instead of a sum over the whole ledger. A checkpoint only moves forward while no
-- entry is being written (ledger/checkpointLedger takes a SHARE lock on ledger_entries), so no
-- entry at or below `upto_entry_id` can commit later and be missed. Entries stay the truth:
-- a checkpoint is a cache of their sum, checked against it by the tests.

create table ledger_checkpoints (
  account text primary key references ledger_accounts (code),
  upto_entry_id bigint not null default 0,
  balance_cents bigint not null default 0
);
insert into ledger_checkpoints (account) select code from ledger_accounts;

-- The tail after a checkpoint: an index-only range scan per account.
drop index ledger_entries_account_idx;
create index ledger_entries_account_id_idx on ledger_entries (account, id) include (amount_cents);
