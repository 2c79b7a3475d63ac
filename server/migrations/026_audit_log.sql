-- The audit trail (AUD-01 to AUD-04): append-only, each entry chained to the one before by a hash.

-- The chain's head: one row, locked by every insert into audit_log until its transaction ends, so
-- writers from any number of processes take turns and form one chain, its ids without gaps.
create table audit_chain_head (
  only_row boolean primary key default true check (only_row),
  last_id bigint not null,
  last_hash bytea not null,
  last_at timestamptz not null
);
insert into audit_chain_head (last_id, last_hash, last_at) values (0, decode(repeat('00', 32), 'hex'), '-infinity');

create table audit_log (
  id bigint primary key,
  -- Taken under the head's lock and never earlier than the entry before: id order is time order.
  occurred_at timestamptz not null,
  -- No foreign key: an entry outlives its user, with the e-mail address the user had at the time.
  actor_id integer,
  actor_email text,
  action text not null,
  client_ip text,
  user_agent text,
  target_type text,
  target_id text,
  changes jsonb not null default '{}'::jsonb,
  prev_hash bytea not null,
  hash bytea not null
);

-- The canonical text an entry's hash covers; the verify command (npm run audit:verify) reads it
-- and recomputes sha256(prev_hash || text) on its own.
create function audit_entry_text(
  id bigint, occurred_at timestamptz, actor_id integer, actor_email text, action text, client_ip text,
  user_agent text, target_type text, target_id text, changes jsonb
) returns text language sql immutable as $$
  select jsonb_build_array(id, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), actor_id,
    actor_email, action, client_ip, user_agent, target_type, target_id, changes)::text
$$;

create function audit_log_chain() returns trigger language plpgsql as $$
declare
  head audit_chain_head;
begin
  select * into head from audit_chain_head where only_row for update;
  new.id := head.last_id + 1;
  new.occurred_at := greatest(clock_timestamp(), head.last_at);
  new.prev_hash := head.last_hash;
  new.hash := sha256(head.last_hash || convert_to(audit_entry_text(new.id, new.occurred_at, new.actor_id, new.actor_email,
    new.action, new.client_ip, new.user_agent, new.target_type, new.target_id, new.changes), 'UTF8'));
  update audit_chain_head set last_id = new.id, last_hash = new.hash, last_at = new.occurred_at where only_row;
  return new;
end
$$;

create trigger audit_log_chain before insert on audit_log for each row execute function audit_log_chain();

create function audit_log_refuse() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end
$$;

create trigger audit_log_append_only before update or delete on audit_log for each row execute function audit_log_refuse();
create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_refuse();

-- The head moves only with an insert into audit_log (its trigger runs one level down).
create function audit_chain_head_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and pg_trigger_depth() > 1 then return new; end if;
  raise exception 'audit_chain_head moves only with an insert into audit_log: % refused', tg_op using errcode = 'insufficient_privilege';
end
$$;

create trigger audit_chain_head_guard before update or delete on audit_chain_head for each row execute function audit_chain_head_guard();
create trigger audit_chain_head_no_truncate before truncate on audit_chain_head for each statement execute function audit_chain_head_guard();

-- The page's filters, newest first (AUD-06): each serves keyset paging by id within its filter.
create index audit_log_action_id on audit_log (action, id);
create index audit_log_actor_id on audit_log (actor_email, id);
create index audit_log_occurred_at on audit_log (occurred_at);
