-- Balance transactions (BAL-01 to BAL-08, docs/decisions/balance-transactions-from-the-ledger.md):
-- every movement of the merchant's available balance, read from the ledger as it stands. The
-- ledger is append-only, so a movement is a view of its posting, with an id made from the
-- posting's, and a report of a date range reads rollups that a job keeps behind the ledger's
-- checkpoint instead of adding up every movement since the first.

-- What each posting kind is as a balance transaction; null for a kind that never moves
-- merchant_available (withdrawal_paid_out moves pending to the bank). server/src/balance/balance-kinds.ts
-- holds the same map, and a test compares the two for every kind the ledger's check allows.
create function balance_transaction_type(kind text) returns text
  language sql immutable parallel safe
  as $$
    select case kind
      when 'payment' then 'payment'
      when 'refund' then 'refund'
      when 'refund_returned' then 'refund_failure'
      when 'dispute_funds_withdrawn' then 'dispute'
      when 'dispute_fee' then 'dispute_fee'
      when 'dispute_funds_reinstated' then 'dispute_reversal'
      when 'withdrawal_requested' then 'withdrawal'
      when 'withdrawal_returned' then 'withdrawal_failure'
    end
  $$;

-- One row per posting that has an entry on merchant_available: net is that entry, fee what the
-- posting paid into `fees`, amount their sum (a payment's gross; a dispute fee's 0). A posting and
-- its entries are written in one transaction, so they share created_at (now()).
create view balance_transactions as
  select p.id as posting_id,
         'txn_' || p.id as id,
         balance_transaction_type(p.kind) as type,
         p.kind,
         m.net_cents + m.fee_cents as amount_cents,
         m.fee_cents,
         m.net_cents,
         m.entry_id,
         case when p.transaction_id is not null then 'payment'
              when p.refund_id is not null then 'refund'
              when p.dispute_id is not null then 'dispute'
              else 'withdrawal' end as source_type,
         coalesce(p.transaction_id, p.refund_id, p.dispute_id, w.reference) as source,
         coalesce(p.transaction_id, r.transaction_id, d.transaction_id) as transaction_id,
         p.withdrawal_id,
         p.created_at
    from ledger_postings p
    cross join lateral (
      select max(e.id) filter (where e.account = 'merchant_available') as entry_id,
             coalesce(sum(e.amount_cents) filter (where e.account = 'merchant_available'), 0)::bigint as net_cents,
             coalesce(sum(e.amount_cents) filter (where e.account = 'fees'), 0)::bigint as fee_cents
        from ledger_entries e
       where e.posting_id = p.id) m
    left join withdrawals w on w.id = p.withdrawal_id
    left join refunds r on r.id = p.refund_id
    left join disputes d on d.id = p.dispute_id
   where m.entry_id is not null;

-- The list, newest first, one kind at a time (a type filter, or every kind merged page by page),
-- and the movements of a report's last partial hour: a range per kind over this index.
create index ledger_postings_kind_created_idx on ledger_postings (kind, created_at, id);

-- Per UTC day and per UTC hour and type: the movements rolled up to `upto_entry_id` of
-- balance_rollup_state. A balance at an instant is the days before its day, the hours before its
-- hour, the rolled movements of its hour, and the movements not rolled yet: a few thousand rows
-- for a year, however many movements it had.
create table balance_rollups (
  period text not null check (period in ('day', 'hour')),
  starts_at timestamptz not null,
  type text not null check (type in ('payment', 'refund', 'refund_failure', 'dispute', 'dispute_fee', 'dispute_reversal',
                                     'withdrawal', 'withdrawal_failure')),
  movements bigint not null check (movements > 0),
  amount_cents bigint not null,
  fee_cents bigint not null,
  net_cents bigint not null,
  primary key (period, starts_at, type)
);

-- How far the rollups reach: every merchant_available entry with an id up to here is in them, and
-- no other. The job moves it only up to the ledger's checkpoint of merchant_available, below which
-- no entry can still commit (migration 007), so nothing is rolled twice or left behind.
create table balance_rollup_state (
  id boolean primary key default true check (id),
  upto_entry_id bigint not null default 0
);
insert into balance_rollup_state default values;
