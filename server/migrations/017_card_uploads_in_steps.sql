-- A card upload stores its rows in small statements, each committed on its own, so that no
-- statement holds the database for long: PGlite is one connection inside the server's process,
-- and one transaction of 100,000 rows made every other request wait seconds. The rows stay
-- out of the pool until their upload is marked stored, one small statement that shows them all
-- at once (docs/decisions/card-upload-in-small-statements.md).
--
-- The table keeps its rows under a new name, each with the upload that brought it; `pool_cards`
-- becomes a view of the rows whose upload is stored (or that came without one), so every reader
-- of the pool, the payments' among them, sees whole uploads only.

create table card_uploads (
  id bigint generated always as identity primary key,
  state text not null default 'storing' check (state in ('storing', 'stored', 'failed')),
  started_at timestamptz not null default now(),
  -- Renewed with every batch: an upload that stopped renewing it (its process died) is failed
  -- by the next one, which then deletes its rows.
  renewed_at timestamptz not null default now(),
  finished_at timestamptz
);
-- One upload stores at a time, so that a card in two files at once is counted once, as added
-- by one and already in the pool for the other.
create unique index card_uploads_one_storing_idx on card_uploads (state) where state = 'storing';

alter table pool_cards rename to pool_card_rows;
alter table pool_card_rows add column upload_id bigint references card_uploads (id);
create index pool_card_rows_upload_id_idx on pool_card_rows (upload_id);

-- Updatable (one table): inserts, updates and `for update` through it reach pool_card_rows.
create view pool_cards as
  select c.id, c.fingerprint, c.sealed, c.first_six, c.last_four, c.number_length, c.card_brand, c.expiry_month,
         c.expiry_year, c.status, c.failure_count, c.consecutive_failures, c.blocked_reason, c.last_used_at,
         c.created_at, c.updated_at
  from pool_card_rows c
  where c.upload_id is null or c.upload_id not in (select u.id from card_uploads u where u.state <> 'stored');
