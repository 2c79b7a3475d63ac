-- Webhook endpoints, and the delivery of the outbox's events (migration 018) to them.
-- A delivery is one event for one endpoint; each HTTP request made for it is an attempt.

create table webhook_endpoints (
  id text primary key check (id ~ '^we_[A-Za-z0-9]{16,40}$'),
  url text not null check (length(url) between 1 and 2048 and url ~* '^https?://'),
  description text check (length(description) <= 200),
  event_types text[] not null check (cardinality(event_types) between 1 and 64),
  enabled boolean not null default true,
  -- The signing secret sealed with AES-256-GCM (WEBHOOK_SECRETS_KEY); never stored in the clear.
  secret_sealed text not null,
  -- After a roll, the previous secret signs too until previous_secret_expires_at.
  previous_secret_sealed text,
  previous_secret_expires_at timestamptz,
  consecutive_failures integer not null default 0 check (consecutive_failures >= 0),
  -- Set at the failure that makes the endpoint `failing`; cleared by the first success.
  failing_since timestamptz,
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check ((previous_secret_sealed is null) = (previous_secret_expires_at is null))
);
create index webhook_endpoints_live_idx on webhook_endpoints (created_at) where deleted_at is null;

create table webhook_deliveries (
  id bigint generated always as identity primary key,
  event_id text not null references webhook_events (id) on delete cascade,
  endpoint_id text not null references webhook_endpoints (id) on delete cascade,
  -- A resend (back office) is a delivery of its own beside the fan-out's one.
  resend boolean not null default false,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz,
  -- A worker that claimed the delivery owns it until then; a crashed one's lease just runs out.
  lease_until timestamptz,
  created_at timestamptz not null default now(),
  check ((status = 'pending') = (next_attempt_at is not null))
);
create unique index webhook_deliveries_fan_out_key on webhook_deliveries (event_id, endpoint_id) where not resend;
-- The worker's claim: pending deliveries by due time (small: finished ones leave it).
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_endpoint_pending_idx on webhook_deliveries (endpoint_id, next_attempt_at) where status = 'pending';

create table webhook_attempts (
  id bigint generated always as identity primary key,
  delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
  endpoint_id text not null references webhook_endpoints (id) on delete cascade,
  attempt integer not null check (attempt >= 1),
  started_at timestamptz not null,
  duration_ms integer not null check (duration_ms >= 0),
  succeeded boolean not null,
  response_status integer,
  -- The first KB of the answer, or why there was none (timeout, refused address, redirect).
  response_body text check (length(response_body) <= 1024),
  unique (delivery_id, attempt)
);
-- The per-endpoint log, newest first.
create index webhook_attempts_endpoint_idx on webhook_attempts (endpoint_id, started_at desc, id desc);
