-- The outbox of webhook events: a row is written by the same statement or transaction as the
-- state change it describes, so an event is never lost and never tells of a change that was
-- rolled back. Delivery to endpoints is a separate step that reads this table.
create table webhook_events (
  id text primary key check (id ~ '^evt_[A-Za-z0-9]{16,40}$'),
  type text not null check (length(type) between 1 and 64),
  object jsonb not null,
  created_at timestamptz not null default now(),
  -- Set once the event's deliveries to the endpoints subscribed at that moment are written.
  fanned_out_at timestamptz
);
create index webhook_events_created_at_idx on webhook_events (created_at desc, id desc);
create index webhook_events_type_created_at_idx on webhook_events (type, created_at desc, id desc);
create index webhook_events_to_fan_out_idx on webhook_events (created_at) where fanned_out_at is null;
