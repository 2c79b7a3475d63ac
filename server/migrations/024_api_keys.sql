-- Merchant API keys in the database (KEY-01 to KEY-09) and the request log of the merchant API
-- (KEY-10, KEY-11). docs/decisions/api-keys-hashed-and-cached.md.

create table api_keys (
  id text primary key check (id ~ '^key_[A-Za-z0-9]{16,40}$'),
  kind text not null check (kind in ('publishable', 'secret')),
  name text not null check (length(name) between 1 and 100),
  -- SHA-256 (hex) of the whole key: what a request's key is compared with. A secret key is kept
  -- only as this hash; a publishable key is public (payer pages carry it) and kept in clear too.
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  publishable_key text check (length(publishable_key) between 12 and 200),
  -- The key's first characters (`sk_live_AbCd`), to tell keys apart in lists.
  prefix text not null check (length(prefix) between 4 and 16),
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- After a roll: the key works until then (the grace period), then no more.
  expires_at timestamptz,
  revoked_at timestamptz,
  -- Written in batches (at most every few seconds per key), never on the request path.
  last_used_at timestamptz,
  -- The key that replaced it, when it was rolled.
  rolled_to text references api_keys (id) on delete set null,
  check ((kind = 'publishable') = (publishable_key is not null))
);
create index api_keys_live_idx on api_keys (kind) where revoked_at is null;

-- One row: its version moves with every change of a key (create, roll, revoke), in the same
-- transaction. Every process looks at it twice a second and reloads its cache of keys when it
-- moved. Its row lock also puts key changes one after the other, which is what keeps the last
-- active key of a kind from being revoked by two requests at once.
create table api_key_state (
  id boolean primary key default true check (id),
  version bigint not null default 0
);
insert into api_key_state (id, version) values (true, 0);

-- The merchant API's requests, per key: never a body, a query string or a header but the
-- Idempotency-Key. Kept 7 days and at most 10,000 per key (a periodic job prunes).
create table api_request_log (
  id bigint generated always as identity primary key,
  key_id text not null references api_keys (id) on delete cascade,
  method text not null check (length(method) between 1 and 10),
  path text not null check (length(path) between 1 and 300),
  status integer not null check (status between 100 and 599),
  latency_ms integer not null check (latency_ms >= 0),
  idempotency_key text check (length(idempotency_key) between 1 and 255),
  created_at timestamptz not null
);
create index api_request_log_key_idx on api_request_log (key_id, id);
create index api_request_log_created_at_idx on api_request_log (created_at);
create index api_request_log_key_time_idx on api_request_log (key_id, created_at);
