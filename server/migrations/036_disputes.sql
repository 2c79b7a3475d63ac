-- Disputes (DSP-01 to DSP-13, docs/decisions/disputes.md) and the files their evidence names.
--
-- One open dispute per payment, whatever runs at once: a partial unique index over the open
-- statuses. The dispute's money moves are ledger postings of their own kinds, each with a unique
-- source, written in the transaction of the change; the ledger has no constraint that keeps
-- merchant_available at or above zero (the debits that must not overdraw it check it under the
-- balance lock, docs/decisions/lock-order.md), so a dispute, which takes its money whatever the
-- balance, may leave it below zero.

-- Uploaded evidence, kept in the database with its checked type (at most 5 MB each).
create table files (
  id text primary key check (id ~ '^file_[A-Za-z0-9]{16,40}$'),
  purpose text not null check (purpose in ('dispute_evidence')),
  filename text not null check (length(filename) between 1 and 200),
  type text not null check (type in ('application/pdf', 'image/png', 'image/jpeg')),
  size integer not null check (size between 1 and 5242880),
  content bytea not null,
  uploaded_via text not null check (uploaded_via in ('api', 'back_office')),
  -- The staff member who uploaded it; null for the merchant API, or when that user was deleted.
  uploaded_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  check (octet_length(content) = size),
  check (uploaded_via = 'back_office' or uploaded_by is null)
);
create index files_created_at_idx on files (created_at);

create table disputes (
  id text primary key check (id ~ '^dp_[A-Za-z0-9]{16,40}$'),
  transaction_id text not null references transactions (transaction_id) on delete restrict,
  amount_cents bigint not null check (amount_cents > 0),
  -- Taken with the amount when the dispute opens or an inquiry becomes one; an inquiry's is 0.
  fee_cents bigint not null default 0 check (fee_cents >= 0),
  reason text not null check (reason in ('fraudulent', 'duplicate', 'product_not_received', 'product_unacceptable',
                                         'subscription_canceled', 'credit_not_processed', 'general')),
  status text not null check (status in ('warning_needs_response', 'warning_under_review', 'warning_closed',
                                         'needs_response', 'under_review', 'won', 'lost')),
  -- The evidence fields given, by name (shared/src/schemas/merchant-objects.ts); a cleared field is absent.
  evidence jsonb not null default '{}'::jsonb check (jsonb_typeof(evidence) = 'object'),
  submission_count integer not null default 0 check (submission_count between 0 and 2),
  -- When the evidence of the current stage (inquiry, then dispute) was submitted; null while it can change.
  submitted_at timestamptz,
  due_by timestamptz not null,
  -- The sandbox issuer's decision on the submitted evidence, and when it is made known.
  decision text check (decision in ('won', 'lost')),
  decide_at timestamptz,
  -- The payment's status before the dispute: it gets it back when the dispute is won or the inquiry closes.
  payment_status text not null check (payment_status in ('completed', 'success')),
  opened_via text not null check (opened_via in ('sandbox', 'back_office')),
  opened_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  closed_at timestamptz,
  check ((status in ('warning_closed', 'won', 'lost')) = (closed_at is not null)),
  check (status not in ('warning_needs_response', 'needs_response') or submitted_at is null),
  check (status not in ('warning_under_review', 'under_review') or (submitted_at is not null and decision is not null and decide_at is not null)),
  check (status not like 'warning%' or fee_cents = 0),
  check (opened_via = 'back_office' or opened_by is null)
);
-- DSP-06: at most one open dispute per payment, under any concurrency.
create unique index disputes_one_open_per_payment on disputes (transaction_id)
  where status in ('warning_needs_response', 'warning_under_review', 'needs_response', 'under_review');
create index disputes_transaction_id_idx on disputes (transaction_id, created_at);
create index disputes_created_at_idx on disputes (created_at desc, id desc);
create index disputes_status_idx on disputes (status, created_at desc, id desc);
-- The timed moves' claims (DSP-05): disputes waiting for an answer, and answers waiting for a decision.
create index disputes_due_by_idx on disputes (due_by) where status in ('warning_needs_response', 'needs_response');
create index disputes_decide_at_idx on disputes (decide_at) where status in ('warning_under_review', 'under_review');

-- The sandbox opens disputes on the payments of two test cards (DSP-02). Their rows are found
-- through this partial index by the last four digits, then matched by the card's keyed
-- fingerprint: a payment of any other card adds no index entry.
create index transactions_dispute_test_cards_idx on transactions (created_at) where last_four in ('0259', '1976');

-- A dispute's ledger postings, each its own kind and source (`dispute:<id>:<kind>`), so a list of
-- balance transactions can show each: its amount taken, its fee taken, its amount given back.
alter table ledger_postings add column dispute_id text references disputes (id) on delete restrict;
alter table ledger_postings drop constraint ledger_postings_kind_check;
alter table ledger_postings add constraint ledger_postings_kind_check
  check (kind in ('payment', 'withdrawal_requested', 'withdrawal_paid_out', 'withdrawal_returned', 'refund', 'refund_returned',
                  'dispute_funds_withdrawn', 'dispute_fee', 'dispute_funds_reinstated'));
alter table ledger_postings add constraint ledger_postings_dispute_check
  check ((kind in ('dispute_funds_withdrawn', 'dispute_fee', 'dispute_funds_reinstated')) = (dispute_id is not null));
create index ledger_postings_dispute_id_idx on ledger_postings (dispute_id) where dispute_id is not null;

-- Every evidence field by name, null when not given (the order of disputeEvidenceFields).
create function dispute_evidence_object(evidence jsonb) returns jsonb
  language sql immutable
  as $$
    select jsonb_object_agg(f.name, evidence -> f.name)
      from unnest(array[
        'access_activity_log', 'billing_address', 'cancellation_policy_disclosure', 'cancellation_rebuttal',
        'customer_email_address', 'customer_name', 'customer_purchase_ip', 'duplicate_charge_explanation',
        'duplicate_charge_id', 'product_description', 'refund_policy_disclosure', 'refund_refusal_explanation',
        'service_date', 'shipping_address', 'shipping_carrier', 'shipping_date', 'shipping_tracking_number',
        'uncategorized_text',
        'cancellation_policy', 'customer_communication', 'customer_signature', 'duplicate_charge_documentation',
        'receipt', 'refund_policy', 'service_documentation', 'shipping_documentation', 'uncategorized_file'
      ]) as f(name)
  $$;

-- The dispute object (shared/src/schemas/merchant-objects.ts): the disputes API and dispute events
-- read this one definition, as refunds read refund_object (migration 022).
create function dispute_object(d disputes) returns jsonb
  language sql stable
  as $$
    select jsonb_build_object(
      'object', 'dispute',
      'id', d.id,
      'transaction_id', d.transaction_id,
      'amount', wire_money(d.amount_cents),
      'fee', wire_money(d.fee_cents),
      'currency', 'USD',
      'reason', d.reason,
      'status', d.status,
      'evidence', dispute_evidence_object(d.evidence),
      'evidence_details', jsonb_build_object(
        'due_by', wire_time(d.due_by),
        'has_evidence', d.evidence <> '{}'::jsonb,
        'past_due', d.submitted_at is null and d.due_by < coalesce(d.closed_at, now()),
        'submission_count', d.submission_count
      ),
      'created_at', wire_time(d.created_at),
      'updated_at', wire_time(d.updated_at)
    )
  $$;
