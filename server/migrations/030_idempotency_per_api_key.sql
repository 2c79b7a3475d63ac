-- Idempotency-Key answers per secret key (IDEM-06, docs/decisions/idempotency-keys.md): the merchant
-- API kept every key's answers under the one scope `api`; they are now under `api:<key id>`.
-- An answer stored before this migration is copied to each secret key that works now, so a retry
-- sent after the upgrade with any of them still replays it, as it did before; the copies keep the
-- original's created_at and are forgotten with it, 24 hours on.
insert into idempotency_keys (scope, key, request_hash, status_code, body, created_at)
select 'api:' || k.id, i.key, i.request_hash, i.status_code, i.body, i.created_at
  from idempotency_keys i
  join api_keys k on k.kind = 'secret' and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())
 where i.scope = 'api'
on conflict (scope, key) do nothing;

delete from idempotency_keys where scope = 'api';
