-- The refund object (shared/src/schemas/merchant-objects.ts) built by the database, like the
-- payment and checkout objects (migration 019): the refunds API, refund events, a payment's
-- `refunds` and its `amount_refunded` all read this one definition.
create function refund_object(r refunds) returns jsonb
  language sql stable
  as $$
    select jsonb_build_object(
      'object', 'refund',
      'id', r.id,
      'transaction_id', r.transaction_id,
      'amount', wire_money(r.amount_cents),
      'currency', 'USD',
      'status', r.status,
      'reason', r.reason,
      'note', r.note,
      'failure_reason', r.failure_reason,
      'requested_by', case when r.requested_via = 'api' then 'api'
                           else coalesce((select u.email from users u where u.id = r.requested_by), 'a deleted user') end,
      'created_at', wire_time(r.created_at),
      'settled_at', case when r.settled_at is null then null else wire_time(r.settled_at) end
    )
  $$;

create or replace function payment_object(t transactions) returns jsonb
  language sql stable
  as $$
    select jsonb_build_object(
      'object', 'payment',
      'id', t.transaction_id,
      'order_id', t.order_id,
      'checkout_reference', t.checkout_reference,
      'status', t.status,
      'amount', wire_money(t.amount_cents),
      'fee', wire_money(t.fee_cents),
      'net', wire_money(t.net_cents),
      'amount_refunded', wire_money(t.refunded_cents),
      'currency', t.currency,
      'card', jsonb_build_object('brand', coalesce(t.card_brand, ''), 'last4', coalesce(t.last_four, '')),
      'message', coalesce(t.response_message, ''),
      'refunds', coalesce((select jsonb_agg(refund_object(r) order by r.created_at, r.id) from refunds r where r.transaction_id = t.transaction_id), '[]'::jsonb),
      'created_at', wire_time(t.created_at),
      'updated_at', wire_time(t.updated_at)
    )
  $$;

-- What was refunded of the payment that paid the checkout.
create or replace function checkout_object(c checkouts, paying transactions) returns jsonb
  language sql stable
  as $$
    select jsonb_build_object(
      'object', 'checkout',
      'reference', c.reference,
      'status', c.status,
      'amount', wire_money(c.amount_cents),
      'currency', 'USD',
      'customer', jsonb_build_object('first_name', c.first_name, 'last_name', c.last_name, 'email', c.email, 'phone', c.phone),
      'metadata', c.metadata,
      'callback_url', c.callback_url,
      'transaction_id', c.transaction_id,
      'payments', coalesce((
        select jsonb_agg(jsonb_build_object('id', p.transaction_id, 'status', p.status, 'amount', wire_money(p.amount_cents), 'created_at', wire_time(p.created_at))
                         order by p.created_at, p.transaction_id)
          from (select t.transaction_id, t.status, t.amount_cents, t.created_at from transactions t
                 where t.checkout_reference = c.reference and t.transaction_id is distinct from paying.transaction_id
                union all
                select paying.transaction_id, paying.status, paying.amount_cents, paying.created_at
                 where paying.transaction_id is not null) p
      ), '[]'::jsonb),
      'amount_refunded', wire_money(coalesce((select t.refunded_cents from transactions t where t.transaction_id = c.transaction_id), 0)),
      'created_at', wire_time(c.created_at),
      'updated_at', wire_time(c.updated_at)
    )
  $$;
