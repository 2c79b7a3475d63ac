-- The audit chain keyed outside the database (AUD-08,
-- docs/decisions/audit-chain-anchored-outside-the-database.md). Nothing is re-chained: entries
-- written before this migration keep their SHA-256 links (hash_scheme 1) and still verify. From now
-- on the server locks the head, computes the entry's HMAC with a key the database never sees, and
-- inserts the entry with its id, time and HMAC (hash_scheme 2); the trigger can only check that
-- the entry follows the head.

-- Existing rows take the default without a rewrite of the table.
alter table audit_log add column hash_scheme smallint not null default 1;
-- The scheme of the head's entry: once it is keyed, an unkeyed insert is refused.
alter table audit_chain_head add column last_scheme smallint not null default 1;

create or replace function audit_log_chain() returns trigger language plpgsql as $$
declare
  head audit_chain_head;
begin
  select * into head from audit_chain_head where only_row for update;
  if new.hash_scheme = 2 then
    if new.id is distinct from head.last_id + 1 or new.occurred_at is null or new.occurred_at < head.last_at
       or octet_length(new.hash) is distinct from 32 then
      raise exception 'a keyed audit_log entry must be entry % with a 32-byte hash, dated no earlier than the entry before',
        head.last_id + 1 using errcode = 'check_violation';
    end if;
  elsif head.last_scheme = 2 then
    -- A process of an earlier version, or a hand-written insert: it would break the keyed chain for good.
    raise exception 'audit_log is keyed by the server since migration 028: an unkeyed entry after a keyed one is refused'
      using errcode = 'insufficient_privilege';
  else
    new.hash_scheme := 1;
    new.id := head.last_id + 1;
    new.occurred_at := greatest(clock_timestamp(), head.last_at);
    new.hash := sha256(head.last_hash || convert_to(audit_entry_text(new.id, new.occurred_at, new.actor_id, new.actor_email,
      new.action, new.client_ip, new.user_agent, new.target_type, new.target_id, new.changes), 'UTF8'));
  end if;
  new.prev_hash := head.last_hash;
  update audit_chain_head set last_id = new.id, last_hash = new.hash, last_at = new.occurred_at, last_scheme = new.hash_scheme
    where only_row;
  return new;
end
$$;
