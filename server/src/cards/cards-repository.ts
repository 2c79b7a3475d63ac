import { setImmediate } from 'node:timers/promises';
import type { CardStatus } from '@paydesk/shared/schemas/card';
import type { Db } from '../db/db';

/** A pooled card as the back office reads it: no number beyond six and four, no CVV. */
export interface PoolCardRow {
  id: string | number;
  first_six: string;
  last_four: string;
  number_length: number;
  card_brand: string;
  expiry_month: number;
  expiry_year: number;
  status: CardStatus;
  failure_count: number;
  created_at: Date | string;
  uses: { transaction_id: string; created_at: string }[] | string;
}

/** What the list filters on. `digits`/`fingerprint` come from the search text (cards-service). */
export interface CardFilter {
  status?: CardStatus;
  digits?: string;
  fingerprint?: string;
  brand?: string;
}

const listColumns = `c.id, c.first_six, c.last_four, c.number_length, c.card_brand, c.expiry_month, c.expiry_year,
  c.status, c.failure_count, c.created_at,
  coalesce((select json_agg(json_build_object('transaction_id', u.transaction_id, 'created_at', u.created_at))
     from (select transaction_id, created_at from pool_card_uses where card_id = c.id order by created_at desc, id desc limit 5) u), '[]') as uses`;

function whereOf(filter: CardFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.status) clauses.push(`c.status = ${param(filter.status)}`);
  if (filter.fingerprint) clauses.push(`c.fingerprint = ${param(filter.fingerprint)}`);
  if (filter.digits) {
    const digits = param(filter.digits);
    clauses.push(`(c.first_six like ${digits} || '%' or c.last_four like '%' || ${digits})`);
  }
  if (filter.brand) clauses.push(`c.card_brand ilike '%' || ${param(filter.brand.replace(/[\\%_]/g, '\\$&'))} || '%'`);
  return { sql: clauses.length > 0 ? `where ${clauses.join(' and ')}` : '', params };
}

/**
 * One page of the pool, newest first, and how many cards match. The page's ids first, from the
 * list-order index where the filter allows (migration 006), then only the page's own cards with
 * their last uses: read in one step, the uses of every card skipped before the page were read too.
 */
export async function listPoolCards(
  db: Db,
  filter: CardFilter,
  page: number,
  perPage: number,
): Promise<{ rows: PoolCardRow[]; total: number }> {
  const where = whereOf(filter);
  const order = 'order by c.created_at desc, c.id desc';
  const pageIds = `select c.id from pool_cards c ${where.sql} ${order} limit ${perPage} offset ${(page - 1) * perPage}`;
  const [rows, [count]] = await Promise.all([
    db.query<PoolCardRow>(`select ${listColumns} from pool_cards c join (${pageIds}) page on page.id = c.id ${order}`, where.params),
    db.query<{ total: string | number }>(`select count(*) as total from pool_cards c ${where.sql}`, where.params),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

export async function findPoolCard(db: Db, id: number): Promise<PoolCardRow | undefined> {
  const [row] = await db.query<PoolCardRow>(`select ${listColumns} from pool_cards c where c.id = $1`, [id]);
  return row;
}

/** The card's status, its row locked until the transaction ends; undefined when there is no such card. */
export async function lockPoolCardStatus(tx: Db, id: number): Promise<CardStatus | undefined> {
  const [row] = await tx.query<{ status: CardStatus }>('select status from pool_cards where id = $1 for update', [id]);
  return row?.status;
}

/**
 * Block (a person's decision) or unblock (which also forgives the consecutive failures).
 * Blocking a card the pool already blocked keeps the first reason. False when there is no such card.
 */
export async function setPoolCardStatus(db: Db, id: number, status: CardStatus): Promise<boolean> {
  const rows = await db.query(
    `update pool_cards set status = $2,
       blocked_reason = case when $2 = 'blocked' then coalesce(blocked_reason, 'manual') end,
       consecutive_failures = case when $2 = 'active' then 0 else consecutive_failures end,
       updated_at = now()
     where id = $1 returning id`,
    [id, status],
  );
  return rows.length === 1;
}

/** A card ready to store: sealed number and CVV, the fingerprint and what may be shown. */
export interface NewPoolCard {
  fingerprint: string;
  sealed: string;
  firstSix: string;
  lastFour: string;
  numberLength: number;
  brand: string;
  expiryMonth: number;
  expiryYear: number;
}

/** Rows a statement inserts at most: about 15 ms on PGlite, where every other request waits meanwhile. */
const CHUNK = 500;
const cardColumns = 'fingerprint, sealed, first_six, last_four, number_length, card_brand, expiry_month, expiry_year';
const cardArrays = 'unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::smallint[], $6::text[], $7::smallint[], $8::smallint[])';

/**
 * Inserts the cards, CHUNK rows a statement, and answers how many were new; a card whose
 * fingerprint is already stored is left as it is. Outside a transaction each statement commits on
 * its own and the event loop gets a turn between them. With `uploadId`, the rows stay out of the
 * pool until that upload is marked stored (migration 017), and each statement renews the upload's
 * turn, inserting nothing once the upload has lost it.
 */
export async function insertPoolCards(db: Db, cards: readonly NewPoolCard[], uploadId: number | null = null): Promise<number> {
  const sql =
    uploadId === null
      ? `insert into pool_card_rows (${cardColumns}) select * from ${cardArrays} on conflict (fingerprint) do nothing returning id`
      : `with turn as (update card_uploads set renewed_at = now() where id = $9 and state = 'storing' returning id)
       insert into pool_card_rows (upload_id, ${cardColumns}) select turn.id, c.* from turn, ${cardArrays} as c
       on conflict (fingerprint) do nothing returning id`;
  let added = 0;
  for (let start = 0; start < cards.length; start += CHUNK) {
    if (start > 0) await setImmediate();
    const chunk = cards.slice(start, start + CHUNK);
    const column = <K extends keyof NewPoolCard>(key: K) => chunk.map((card) => card[key]);
    const params: unknown[] = [
      column('fingerprint'),
      column('sealed'),
      column('firstSix'),
      column('lastFour'),
      column('numberLength'),
      column('brand'),
      column('expiryMonth'),
      column('expiryYear'),
    ];
    if (uploadId !== null) params.push(uploadId);
    added += (await db.query(sql, params)).length;
  }
  return added;
}

/** The issuer's view of a pooled card, locked for this payment's transaction. */
export interface IssuerCardRow {
  id: string | number;
  sealed: string;
  expiry_month: number;
  expiry_year: number;
  status: CardStatus;
}

export async function lockPoolCard(db: Db, fingerprint: string): Promise<IssuerCardRow | undefined> {
  const [row] = await db.query<IssuerCardRow>(
    'select id, sealed, expiry_month, expiry_year, status from pool_cards where fingerprint = $1 for update',
    [fingerprint],
  );
  return row;
}

/**
 * Records one payment with a pooled card: Last Used, the failure counts, and the pool's own
 * block once the consecutive failures reach `maxFailures`.
 */
export async function recordPoolCardUse(
  db: Db,
  use: { cardId: number; transactionId: string; succeeded: boolean; reason: string | null; maxFailures: number },
): Promise<void> {
  await db.query('insert into pool_card_uses (card_id, transaction_id, succeeded, reason) values ($1, $2, $3, $4)', [
    use.cardId,
    use.transactionId,
    use.succeeded,
    use.reason,
  ]);
  await db.query(
    `update pool_cards set last_used_at = now(), updated_at = now(),
       failure_count = failure_count + case when $2 then 0 else 1 end,
       consecutive_failures = case when $2 then 0 else consecutive_failures + 1 end,
       status = case when not $2 and consecutive_failures + 1 >= $3 then 'blocked' else status end,
       blocked_reason = case when not $2 and consecutive_failures + 1 >= $3 then coalesce(blocked_reason, 'too_many_failures') else blocked_reason end
     where id = $1`,
    [use.cardId, use.succeeded, use.maxFailures],
  );
}
