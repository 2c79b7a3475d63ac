import type { TransactionListQuery } from '@paydesk/shared/schemas/transaction';
import type { Db } from '../db/db';
import { transactionColumns, transactionFrom, type PaymentWithKey } from './transaction-row';
import { statusesForFilter } from '../payments/transaction-statuses';

/** The search index of migration 013: the places a search may start at (word starts). */
const searchTerms = 'transaction_search_terms(t.first_name, t.last_name, t.email, t.transaction_id)';
/** The searchable text, for the fragment as typed; the unit separator keeps it within one field. */
const searchText = `lower(t.first_name || ' ' || t.last_name || E'\\x1f' || t.email || E'\\x1f' || t.transaction_id)`;

/** `%fragment%` for LIKE, with the user's own wildcards taken literally. */
// eslint-disable-next-line no-control-regex -- \x1f is the separator of the searched columns
const SEPARATOR = /\x1f/g;
const likeFragment = (search: string): string =>
  `%${search
    .toLowerCase()
    .replace(SEPARATOR, '')
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface TransactionPage {
  rows: PaymentWithKey[];
  total: number;
}

/**
 * Below this offset a page is read with a plain OFFSET; from it on, the daily rollup first finds
 * the day the page starts in, so the database skips whole days instead of walking every newer row.
 */
const DEEP_OFFSET = 100;

export async function listTransactions(db: Db, query: TransactionListQuery): Promise<TransactionPage> {
  const statuses = query.status ? statusesForFilter(query.status) : null;
  const search = query.search ? likeFragment(query.search) : null;
  const params: unknown[] = [];
  const where: string[] = [];
  if (statuses) where.push(`t.status = any($${params.push(statuses)}::text[])`);
  if (search) {
    where.push(`${searchTerms} @@ transaction_search_query($${params.push(query.search)})`);
    where.push(`${searchText} like $${params.push(search)}`);
  }
  const filterParams = params.slice();
  const total = await countTransactions(db, statuses, search, where, filterParams);
  let offset = (query.page - 1) * query.per_page;
  if (offset >= total) return { rows: [], total };
  if (!search && offset >= DEEP_OFFSET) {
    const start = await pageStartDay(db, statuses, offset);
    if (start) {
      where.push(`t.created_at < $${params.push(start.dayEnd)}`);
      offset -= start.newer;
    }
  }
  const whereSql = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const order = 'order by t.created_at desc, t.id desc';
  // The page's ids first: without a search, from an index alone (migration 014), skipping the
  // rows before the page there; then only the page's own rows are read from the table.
  const pageIds = `select t.id from transactions t ${whereSql} ${order} limit $${params.push(query.per_page)} offset $${params.push(offset)}`;
  const rows = await db.query<PaymentWithKey>(
    `select ${transactionColumns} from ${transactionFrom} join (${pageIds}) page on page.id = t.id ${order}`,
    params,
  );
  return { rows, total };
}

/** Without a search the total comes from the daily rollup; a search counts its matches. */
async function countTransactions(
  db: Db,
  statuses: string[] | null,
  search: string | null,
  where: string[],
  params: unknown[],
): Promise<number> {
  const [row] = search
    ? await db.query<{ total: number }>(`select count(*)::bigint as total from transactions t where ${where.join(' and ')}`, params)
    : await db.query<{ total: number }>(
        'select coalesce(sum(transactions), 0)::bigint as total from transaction_daily_totals where $1::text[] is null or status = any($1::text[])',
        [statuses],
      );
  return row?.total ?? 0;
}

/**
 * The UTC day holding the row at `offset` (newest first), from the daily rollup: `dayEnd` is the
 * end of that day and `newer` the number of rows created at or after it, so the page is the rows
 * before `dayEnd` from offset `offset - newer` on. Undefined when the rollup has no such day.
 */
async function pageStartDay(db: Db, statuses: string[] | null, offset: number): Promise<{ dayEnd: string; newer: number } | undefined> {
  const [row] = await db.query<{ day_end: Date | string; newer: number }>(
    `select (day + 1)::timestamp at time zone 'UTC' as day_end, newer from (
       select day, sum(sum(transactions)) over (order by day desc) - sum(transactions) as newer, sum(transactions) as rows
         from transaction_daily_totals where $1::text[] is null or status = any($1::text[])
        group by day) d
      where newer <= $2 and newer + rows > $2`,
    [statuses, offset],
  );
  return row ? { dayEnd: new Date(row.day_end).toISOString(), newer: Number(row.newer) } : undefined;
}

/** By numeric id, or by the transaction id the payer saw. */
export async function findTransaction(db: Db, id: string): Promise<PaymentWithKey | undefined> {
  const byId = /^\d{1,15}$/.test(id);
  const [row] = await db.query<PaymentWithKey>(
    `select ${transactionColumns} from ${transactionFrom} where ${byId ? 't.id = $1::bigint' : 't.transaction_id = $1'}`,
    [id],
  );
  return row;
}

export const recentTransactions = (db: Db, limit: number): Promise<PaymentWithKey[]> =>
  db.query<PaymentWithKey>(`select ${transactionColumns} from ${transactionFrom} order by t.created_at desc, t.id desc limit $1`, [limit]);
