-- A canary the server rolls back on its own keeps why (docs/decisions/remote-release-registry.md),
-- shown with the release as a refusal's reason is; promoted again, the release loses it.
alter table remote_releases drop constraint remote_releases_check;
alter table remote_releases add constraint remote_releases_reason check (
  case status when 'refused' then reason is not null when 'rolled_back' then true else reason is null end
);
