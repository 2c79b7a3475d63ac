-- Roles made of permissions (PERM-03, PERM-04; docs/decisions/roles-made-of-permissions.md). Every
-- role has a row, so that users.role references one: a role held by a user cannot be deleted, and
-- a user cannot be given a role that is being deleted, whichever commits first. The built-in
-- roles' permissions live in the server's code (an empty array here); a custom role's are stored,
-- closed under the catalogue's implications by the server.
create table roles (
  key text primary key check (key ~ '^[a-z][a-z0-9_]{1,39}$'),
  name text not null check (length(name) between 1 and 60),
  description text not null default '' check (length(description) <= 500),
  built_in boolean not null default false,
  permissions text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (not built_in or cardinality(permissions) = 0)
);
create unique index roles_name_key on roles (lower(name));

insert into roles (key, name, built_in) values
  ('super_admin', 'Super Admin', true),
  ('admin', 'Admin', true),
  ('viewer', 'Viewer', true);

-- A built-in role is never changed nor removed, by the API or by hand.
create function roles_built_in_fixed() returns trigger language plpgsql as $$
begin
  if old.built_in then
    raise exception 'role % is built in: it cannot be changed or deleted', old.key using errcode = 'check_violation';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;
create trigger roles_built_in_fixed before update or delete on roles for each row execute function roles_built_in_fixed();

alter table users drop constraint users_role_check;
alter table users add constraint users_role_fkey foreign key (role) references roles (key);
create index users_role on users (role);
