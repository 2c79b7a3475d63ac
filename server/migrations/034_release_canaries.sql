-- Canaries (docs/decisions/remote-release-registry.md): a release live for a share of users, 1 to
-- 99 per cent, beside the remote's live release; one canary per remote.
alter table remote_releases drop constraint remote_releases_status_check;
alter table remote_releases add constraint remote_releases_status_check
  check (status in ('available', 'live', 'canary', 'rolled_back', 'refused'));
alter table remote_releases add column canary_percent smallint check (canary_percent between 1 and 99);
alter table remote_releases add constraint remote_releases_canary_share check ((status = 'canary') = (canary_percent is not null));
create unique index remote_releases_one_canary on remote_releases (remote) where status = 'canary';
