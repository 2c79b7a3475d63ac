-- Sign-in defences (SEC-06, SEC-07) without Redis: the counters of the sign-in lock (failed
-- sign-ins of an e-mail address) and of the per-address rate limits, shared by every server
-- process. One row per key; a row past expires_at counts as absent, and each process deletes such
-- rows every minute (security/postgres-attempt-counter.ts).

create table attempt_counters (
  key text primary key,
  hits integer not null,
  expires_at timestamptz not null
);
create index attempt_counters_expires_at_idx on attempt_counters (expires_at);
