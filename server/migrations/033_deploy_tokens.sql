-- Deploy tokens (docs/decisions/remote-release-registry.md): a team's CI releases its one remote
-- with a token, without a staff session. Kept as a SHA-256 of the whole token (256 random bits), so
-- the table gives no token away; shown once when made.
create table deploy_tokens (
  id text primary key check (id ~ '^dtk_[A-Za-z0-9]{16,40}$'),
  remote text not null check (remote ~ '^[A-Za-z_][A-Za-z0-9_]{0,63}$'),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  -- The token's first characters (`pdt_AbCdEfGh`), to tell tokens apart in lists.
  prefix text not null check (length(prefix) between 4 and 16),
  created_by integer references users (id) on delete set null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index deploy_tokens_newest on deploy_tokens (created_at desc, id);

-- A release made with a deploy token names it; one made in a session names its user.
alter table remote_releases add column deploy_token_id text references deploy_tokens (id) on delete set null;
