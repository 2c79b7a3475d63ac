-- The release registry of the federated remotes (docs/decisions/remote-release-registry.md): every
-- version a team released, with the gate's verdict. A refused version may be released again once
-- fixed; an accepted one only once. One live release per remote, which /remotes.json serves.
create table remote_releases (
  id bigserial primary key,
  remote text not null,
  version text not null,
  entry text not null,
  integrity text,
  areas jsonb not null default '[]',
  exposes jsonb not null default '[]',
  shared jsonb not null default '{}',
  status text not null check (status in ('available', 'live', 'rolled_back', 'refused')),
  reason text,
  released_by integer references users (id) on delete set null,
  released_at timestamptz not null default now(),
  -- When it last became live: a rollback returns to the release live before the current one.
  promoted_at timestamptz,
  check ((status = 'refused') = (reason is not null)),
  check (status = 'refused' or integrity is not null)
);
create unique index remote_releases_version on remote_releases (remote, version) where status <> 'refused';
create unique index remote_releases_one_live on remote_releases (remote) where status = 'live';
create index remote_releases_newest on remote_releases (remote, id desc);
