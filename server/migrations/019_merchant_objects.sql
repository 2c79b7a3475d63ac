-- The merchant API's objects (shared/src/schemas/merchant-objects.ts) built by the database: one
-- definition that the read routes answer and that webhook events carry, so both always agree.
-- Money is the wire's decimal string with two places; times are ISO 8601 in UTC with an offset.

create function wire_money(cents bigint) returns text
  language sql immutable parallel safe
  as $$ select (cents::numeric / 100)::numeric(20, 2)::text $$;

create function wire_time(at timestamptz) returns text
  language sql immutable parallel safe
  as $$ select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

-- An outbox id (migration 018) made by the database, for events written by SQL statements.
create function new_event_id() returns text
  language sql volatile
  as $$ select 'evt_' || replace(gen_random_uuid()::text, '-', '') $$;

create function payment_object(t transactions) returns jsonb
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
      'amount_refunded', '0.00',
      'currency', t.currency,
      'card', jsonb_build_object('brand', coalesce(t.card_brand, ''), 'last4', coalesce(t.last_four, '')),
      'message', coalesce(t.response_message, ''),
      'refunds', '[]'::jsonb,
      'created_at', wire_time(t.created_at),
      'updated_at', wire_time(t.updated_at)
    )
  $$;

-- `paying`: a payment written by the same statement that calls this (a statement does not see
-- its own writes), which replaces the row of that id the statement does see, if any. No default
-- for it: a default of the transactions row type would stop PostgreSQL from adding a column with a
-- default to transactions (checkout_object(c) below is the one-argument form).
create function checkout_object(c checkouts, paying transactions) returns jsonb
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
      'amount_refunded', '0.00',
      'created_at', wire_time(c.created_at),
      'updated_at', wire_time(c.updated_at)
    )
  $$;

create function checkout_object(c checkouts) returns jsonb
  language sql stable
  as $$ select checkout_object(c, null::transactions) $$;

-- The object of withdrawal events: the bank account shows its last four digits only.
create function withdrawal_object(w withdrawals) returns jsonb
  language sql stable
  as $$
    select jsonb_build_object(
      'object', 'withdrawal',
      'id', w.reference,
      'amount', wire_money(w.amount_cents),
      'currency', 'USD',
      'status', w.status,
      'failure_reason', w.failure_reason,
      'bank_name', w.bank_name,
      'account_last4', right(w.account_number, 4),
      'created_at', wire_time(w.created_at),
      'processed_at', case when w.processed_at is null then null else wire_time(w.processed_at) end
    )
  $$;
