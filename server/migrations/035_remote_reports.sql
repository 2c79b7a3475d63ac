-- What browsers report of each release (docs/decisions/remote-release-registry.md): loads and
-- failures counted per release and hour, with the last failure's message; a canary is judged by
-- them. Counters, not events: a report is an upsert of one row.
create table remote_report_counts (
  remote text not null,
  version text not null,
  hour timestamptz not null,
  loads bigint not null default 0 check (loads >= 0),
  failures bigint not null default 0 check (failures >= 0),
  last_failure text check (length(last_failure) <= 300),
  last_failure_at timestamptz,
  primary key (remote, version, hour)
);
