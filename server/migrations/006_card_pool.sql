-- The card pool: the sandbox issuer's register of cards uploaded from spreadsheets (CARD-11).
-- The number and the CVV are stored only inside `sealed` (AES-256-GCM with CARD_STORAGE_KEY,
-- bound to the row's fingerprint); `fingerprint` is the same keyed HMAC as
-- transactions.card_fingerprint, so duplicates and payments find a card without decrypting.
-- First six and last four are the most of a number PCI DSS allows to show.

create table pool_cards (
  id bigint generated always as identity primary key,
  fingerprint text not null unique,
  sealed text not null,
  first_six text not null check (first_six ~ '^[0-9]{6}$'),
  last_four text not null check (last_four ~ '^[0-9]{4}$'),
  number_length smallint not null check (number_length between 13 and 19),
  card_brand text not null,
  expiry_month smallint not null check (expiry_month between 1 and 12),
  expiry_year smallint not null check (expiry_year between 2000 and 2099),
  status text not null default 'active' check (status in ('active', 'blocked')),
  -- Every failed payment; consecutive failures reset on success and block the card at the limit.
  failure_count integer not null default 0 check (failure_count >= 0),
  consecutive_failures integer not null default 0 check (consecutive_failures >= 0),
  blocked_reason text check (blocked_reason in ('manual', 'too_many_failures')),
  last_used_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'blocked') = (blocked_reason is not null))
);

-- The list: newest first, id as the tie-breaker; search by the shown digits.
create index pool_cards_created_at_id_idx on pool_cards (created_at desc, id desc);
create index pool_cards_status_created_at_id_idx on pool_cards (status, created_at desc, id desc);
create index pool_cards_last_four_idx on pool_cards (last_four);
create index pool_cards_first_six_idx on pool_cards (first_six);

-- Each payment that used a pooled card (Last Used, and the card's transactions on the wire).
create table pool_card_uses (
  id bigint generated always as identity primary key,
  card_id bigint not null references pool_cards (id),
  transaction_id text not null unique,
  succeeded boolean not null,
  reason text,
  created_at timestamptz not null default now()
);
create index pool_card_uses_card_id_created_at_idx on pool_card_uses (card_id, created_at desc, id desc);
