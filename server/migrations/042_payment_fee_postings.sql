-- A payment's fee as a movement of its own (BAL-01): a payment is credited gross to the available
-- balance by its `payment` posting, and its fee taken by a `payment_fee` posting
-- (merchant_available → fees) written in the same statement, with the source
-- `payment:<transaction id>:payment_fee`. Payments credited before this migration keep their one
-- posting with the fee inside it: the ledger is append-only, and the view shows that fee as the
-- payment movement's `fee`, as it always did.
alter table ledger_postings drop constraint ledger_postings_check;
alter table ledger_postings add constraint ledger_postings_payment_check
  check ((kind in ('payment', 'payment_fee')) = (transaction_id is not null));
alter table ledger_postings drop constraint ledger_postings_kind_check;
alter table ledger_postings add constraint ledger_postings_kind_check
  check (kind in ('payment', 'payment_fee', 'withdrawal_requested', 'withdrawal_paid_out', 'withdrawal_returned', 'refund',
                  'refund_returned', 'dispute_funds_withdrawn', 'dispute_fee', 'dispute_funds_reinstated'));

create or replace function balance_transaction_type(kind text) returns text
  language sql immutable parallel safe
  as $$
    select case kind
      when 'payment' then 'payment'
      when 'payment_fee' then 'payment_fee'
      when 'refund' then 'refund'
      when 'refund_returned' then 'refund_failure'
      when 'dispute_funds_withdrawn' then 'dispute'
      when 'dispute_fee' then 'dispute_fee'
      when 'dispute_funds_reinstated' then 'dispute_reversal'
      when 'withdrawal_requested' then 'withdrawal'
      when 'withdrawal_returned' then 'withdrawal_failure'
    end
  $$;

alter table balance_rollups drop constraint balance_rollups_type_check;
alter table balance_rollups add constraint balance_rollups_type_check
  check (type in ('payment', 'payment_fee', 'refund', 'refund_failure', 'dispute', 'dispute_fee', 'dispute_reversal',
                  'withdrawal', 'withdrawal_failure'));
