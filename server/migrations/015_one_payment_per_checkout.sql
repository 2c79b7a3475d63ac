-- At most one paid payment per checkout, whatever runs at once and in however many processes.
--
-- The storing and settling statements claim the checkout (an update only one payment can win:
-- pending or cancelled to completed); a payment that loses the claim, or completes after its
-- checkout was paid or failed, is stored as `voided`: nothing is charged or credited, and its
-- message says why. The unique index below is the last word: should any statement ever try to
-- record a second paid payment for a checkout, the database refuses it.

alter table transactions drop constraint transactions_status_check;
alter table transactions add constraint transactions_status_check
  check (status in ('completed', 'success', 'failed', 'pending', 'disputed', 'refunded', 'voided'));

create unique index transactions_one_paid_per_checkout_idx on transactions (checkout_reference)
  where checkout_reference is not null and status in ('completed', 'success', 'disputed', 'refunded');
