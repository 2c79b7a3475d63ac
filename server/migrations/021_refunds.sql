-- Refunds (REF-01 to REF-12) and the Idempotency-Key store (IDEM-01 to IDEM-04).
--
-- A payment's refunds can never add up to more than the payment: `transactions.refunded_cents`
-- (pending and succeeded refunds) is moved by one conditional update in the transaction that
-- inserts the refund, and its check holds it between 0 and the amount whatever runs at once, in
-- any number of processes. A failed refund gives its amount back in the transaction that fails it.
alter table transactions add column refunded_cents bigint not null default 0;
alter table transactions add constraint transactions_refunded_cents_check check (refunded_cents between 0 and amount_cents);

create table refunds (
  id text primary key check (id ~ '^re_[A-Za-z0-9]{16,40}$'),
  transaction_id text not null references transactions (transaction_id) on delete restrict,
  amount_cents bigint not null check (amount_cents > 0),
  reason text not null check (reason in ('duplicate', 'fraudulent', 'requested_by_customer', 'other')),
  note text check (length(note) <= 500),
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  failure_reason text check (length(failure_reason) between 1 and 500),
  -- The staff member who asked; null for the merchant API, or when that user was deleted.
  requested_by integer references users (id) on delete set null,
  requested_via text not null check (requested_via in ('api', 'back_office')),
  settle_at timestamptz not null,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  check ((status = 'pending') = (settled_at is null)),
  check ((status = 'failed') = (failure_reason is not null)),
  check (requested_via = 'back_office' or requested_by is null)
);
create index refunds_transaction_id_idx on refunds (transaction_id, created_at);
create index refunds_settle_at_idx on refunds (settle_at) where status = 'pending';
-- The dashboard subtracts succeeded refunds on the day they succeed.
create index refunds_settled_at_idx on refunds (settled_at) include (amount_cents) where status = 'succeeded';

-- Ledger postings of a refund: `refund` when it is created (merchant_available → card_settlement)
-- and `refund_returned` when the card network refuses it (the money comes back).
alter table ledger_postings add column refund_id text references refunds (id) on delete restrict;
alter table ledger_postings drop constraint ledger_postings_kind_check;
alter table ledger_postings add constraint ledger_postings_kind_check
  check (kind in ('payment', 'withdrawal_requested', 'withdrawal_paid_out', 'withdrawal_returned', 'refund', 'refund_returned'));
alter table ledger_postings drop constraint ledger_postings_check1;
alter table ledger_postings add constraint ledger_postings_withdrawal_check
  check ((kind in ('withdrawal_requested', 'withdrawal_paid_out', 'withdrawal_returned')) = (withdrawal_id is not null));
alter table ledger_postings add constraint ledger_postings_refund_check
  check ((kind in ('refund', 'refund_returned')) = (refund_id is not null));

-- Idempotency-Key answers (docs/decisions/idempotency-keys.md): one row per caller and key,
-- inserted in the transaction that does the work, so a second request with the same key waits on
-- the primary key and then reads the stored answer. Answers are kept 24 hours.
create table idempotency_keys (
  scope text not null check (length(scope) between 1 and 100),
  key text not null check (length(key) between 1 and 255),
  request_hash text not null,
  -- Written before the transaction commits: another transaction never sees them null.
  status_code integer check (status_code between 200 and 299),
  body jsonb,
  created_at timestamptz not null default now(),
  primary key (scope, key),
  check ((status_code is null) = (body is null))
);
create index idempotency_keys_created_at_idx on idempotency_keys (created_at);
