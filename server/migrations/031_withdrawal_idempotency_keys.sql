-- Withdrawals keep their Idempotency-Keys where every other idempotent request does, in
-- idempotency_keys under the requester's scope `user:<id>` (docs/decisions/idempotency-keys.md),
-- no longer in the withdrawal's own row (migration 005). A key used in the last 24 hours (how long
-- answers are kept) is copied there with the request hash the withdrawal stored, which the server
-- still makes the same way, and the answer the request got: a retry sent after the upgrade replays
-- it, as it did before. The answer shows the withdrawal as it stands now, as a replay did until
-- now; the copy keeps the withdrawal's created_at and is forgotten with it (a key its requester
-- also gave a refund keeps the refund's answer). The row's
-- idempotency_key and request_hash stay, no longer written, for a process of the former code
-- during a rolling upgrade.
insert into idempotency_keys (scope, key, request_hash, status_code, body, created_at)
select 'user:' || w.requested_by, w.idempotency_key, w.request_hash, 201,
       jsonb_build_object(
         'status', 'success',
         'message', 'Withdrawal of $' || wire_money(w.amount_cents) || ' has been submitted for processing',
         'data', jsonb_build_object(
           'id', w.id,
           'amount', wire_money(w.amount_cents),
           'account_number', w.account_number,
           'bank_name', w.bank_name,
           'account_name', w.account_name,
           'status', w.status,
           'created_at', wire_time(w.created_at),
           'processed_at', case when w.processed_at is null then null else wire_time(w.processed_at) end,
           'transaction_id', w.reference,
           'reason', w.note,
           'failure_reason', w.failure_reason
         )
       ),
       w.created_at
  from withdrawals w
 where w.idempotency_key is not null and w.request_hash is not null and w.requested_by is not null
   and w.created_at > now() - interval '24 hours'
on conflict (scope, key) do nothing;
