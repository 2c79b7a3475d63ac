import { balanceTransactionTypes, type BalanceSourceType, type BalanceTransactionType } from '@paydesk/shared/schemas/balance';
import { prepared, type Db } from '../db/db';
import { kindsOf, postingSourcesOf, withdrawalSources } from './balance-kinds';

/** A movement of the available balance as the view of migration 037 has it. */
export interface MovementRow {
  posting_id: number;
  id: string;
  type: BalanceTransactionType;
  amount_cents: number;
  fee_cents: number;
  net_cents: number;
  source: string;
  source_type: BalanceSourceType;
  transaction_id: string | null;
  /** The wire's time (migration 019's wire_time: milliseconds, cut, never rounded). */
  created_at: string;
}

const columns = `v.posting_id, v.id, v.type, v.amount_cents, v.fee_cents, v.net_cents, v.source, v.source_type, v.transaction_id,
  wire_time(v.created_at) as created_at`;
const newestFirst = 'order by v.created_at desc, v.posting_id desc';

export interface MovementFilter {
  type?: BalanceTransactionType;
  /** ISO instants: `from` is in the range, `to` is not. */
  from?: string;
  to?: string;
  source?: string;
  withdrawal?: string;
}

/** Where a page starts: the movement it comes after, newest first. */
export interface MovementCursor {
  postingId: number;
  /** Its time as the database prints it, to the microsecond (a Date would cut it to the millisecond). */
  createdAt: string;
}

/** Prepared: the view's joins are planned once per connection, not for every page (prepared-statements.md). */
const movementCursorSql = prepared('select created_at::text as created_at from balance_transactions v where v.posting_id = $1');

/** The position of movement `txn_<postingId>`, or undefined when there is none. */
export async function movementCursor(db: Db, postingId: number): Promise<MovementCursor | undefined> {
  const [row] = await db.query<{ created_at: string }>(movementCursorSql, [postingId]);
  return row ? { postingId, createdAt: row.created_at } : undefined;
}

/** The posting sources a source and withdrawal filter allow, or null when neither is set ([] when nothing can match). */
async function sourcesFor(db: Db, filter: MovementFilter): Promise<string[] | null> {
  const bySource =
    filter.source === undefined ? null : [...postingSourcesOf(filter.source), ...(await withdrawalOf(db, filter.source, false))];
  const byWithdrawal = filter.withdrawal === undefined ? null : await withdrawalOf(db, filter.withdrawal, true);
  if (bySource && byWithdrawal) return bySource.filter((source) => byWithdrawal.includes(source));
  return bySource ?? byWithdrawal;
}

/**
 * The posting sources of the withdrawal `reference` names ([] when none): its postings name its
 * number, the wire names it by its reference (WD…), and the withdrawal filter takes the back
 * office's number too.
 */
async function withdrawalOf(db: Db, reference: string, orNumber: boolean): Promise<string[]> {
  const [withdrawal] = await db.query<{ id: number }>(
    orNumber && /^\d{1,15}$/.test(reference)
      ? 'select id from withdrawals where id = $1::bigint'
      : 'select id from withdrawals where reference = $1',
    [reference],
  );
  return withdrawal ? withdrawalSources(Number(withdrawal.id)) : [];
}

/**
 * The movements of these postings, newest first, by their posting's key: one statement text
 * whatever the page, so it is planned once per connection (prepared-statements.md) rather than
 * the view's joins for every page.
 */
const movementsOfSql = prepared(
  `select ${columns} from unnest($1::bigint[]) page(id)
     cross join lateral (select v.* from balance_transactions v where v.posting_id = page.id limit 1) v
    ${newestFirst}`,
);

/**
 * One page of movements, newest first, after `cursor`. Filtered by source or withdrawal, the
 * postings are found by their unique source; otherwise each kind is read newest first from
 * migration 037's index, at most `limit` postings of each, and the kinds merged: a page reads at
 * most `limit` postings a kind, however old the page and however rare the type.
 */
export async function listMovements(
  db: Db,
  filter: MovementFilter,
  cursor: MovementCursor | undefined,
  limit: number,
): Promise<MovementRow[]> {
  const params: unknown[] = [];
  // The range and the cursor, on the postings' own columns (a movement's time and id are its posting's).
  const where: string[] = [];
  if (filter.from) where.push(`p.created_at >= $${params.push(filter.from)}::timestamptz`);
  if (filter.to) where.push(`p.created_at < $${params.push(filter.to)}::timestamptz`);
  if (cursor) {
    where.push(`(p.created_at, p.id) < ($${params.push(cursor.createdAt)}::timestamptz, $${params.push(cursor.postingId)}::bigint)`);
  }
  const kinds = kindsOf(filter.type ? [filter.type] : undefined);
  const sources = await sourcesFor(db, filter);
  if (sources !== null && sources.length === 0) return [];
  const limitParam = `$${params.push(limit)}`;
  const kindsParam = `$${params.push(kinds)}::text[]`;
  const range = where.map((w) => `and ${w}`).join(' ');
  const newestOfEachKind = (check: string) =>
    `select p.id from unnest(${kindsParam}) k(kind)
       cross join lateral (
         select p.id, p.created_at from ledger_postings p where p.kind = k.kind ${range} ${check}
          order by p.created_at desc, p.id desc limit ${limitParam}) p
      order by p.created_at desc, p.id desc limit ${limitParam}`;
  if (sources === null) {
    // Every posting of these kinds moves the available balance: the newest of each kind merged are
    // the page, read from the index alone, and only they are made movements, in one statement. Its
    // best plan is the same whatever the values (each kind's index read backwards), so it is
    // prepared: neither it nor the view's joins are planned again for every page. Should one of
    // them not be a movement (no entry on the account), the page is read again checking each posting.
    const rows = await db.query<MovementRow & { candidates: number }>(
      prepared(
        `with page as materialized (${newestOfEachKind('')})
         select ${columns}, (select count(*) from page)::int as candidates from page
           cross join lateral (select v.* from balance_transactions v where v.posting_id = page.id limit 1) v
          ${newestFirst}`,
      ),
      params,
    );
    if (rows.length > 0 && Number(rows[0]!.candidates) === rows.length) return rows.map(({ candidates: _, ...row }) => numbers(row));
  }
  // Checked posting by posting, by the posting's own entries (an aggregate subquery is never made a
  // join, and the account is no index condition of it): without statistics, as on the embedded
  // database, the planner otherwise hashed, or bitmap-scanned, every entry of the account each time.
  const check = `and (select bool_or(e.account = 'merchant_available') from ledger_entries e where e.posting_id = p.id)`;
  // The page's postings first, by the postings' index and a look at their entries (two-step-list-pages.md); then only their movements are built.
  const page =
    sources === null
      ? newestOfEachKind(check)
      : `select p.id from ledger_postings p
          where p.source = any($${params.push(sources)}::text[]) and p.kind = any(${kindsParam}) ${range} ${check}
          order by p.created_at desc, p.id desc limit ${limitParam}`;
  const ids = await db.query<{ id: number }>(page, params);
  return movementsOf(
    db,
    ids.map((row) => row.id),
  );
}

async function movementsOf(db: Db, postingIds: number[]): Promise<MovementRow[]> {
  if (postingIds.length === 0) return [];
  const rows = await db.query<MovementRow>(movementsOfSql, [postingIds]);
  return rows.map(numbers);
}

const numbers = (row: MovementRow): MovementRow => ({
  ...row,
  posting_id: Number(row.posting_id),
  amount_cents: Number(row.amount_cents),
  fee_cents: Number(row.fee_cents),
  net_cents: Number(row.net_cents),
});

/** Every movement the filter selects, newest first, `batch` at a time (the exports). */
export async function* allMovements(db: Db, filter: MovementFilter, batch = 1000): AsyncGenerator<MovementRow[]> {
  let cursor: MovementCursor | undefined;
  for (;;) {
    const rows = await listMovements(db, filter, cursor, batch);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    cursor = await movementCursor(db, last.posting_id);
    if (!cursor) return;
  }
}

/** Count and sums of a set of movements, in cents. */
export interface Totals {
  count: number;
  amountCents: number;
  feeCents: number;
  netCents: number;
}
const zero = (): Totals => ({ count: 0, amountCents: 0, feeCents: 0, netCents: 0 });

/** The movements before an instant, by type: every type, zeros too. */
export type SumsByType = Record<BalanceTransactionType, Totals>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const floorTo = (at: string, unit: number) => new Date(Math.floor(new Date(at).getTime() / unit) * unit).toISOString();

/** How often sumsBefore reads again when the rollups moved between its two statements. */
const ROLLUP_RACES = 5;

/**
 * The movements before each instant, by type: the day rollups before the instant's UTC day, the
 * hour rollups of that day before its hour, the rolled movements of its hour before it, and the
 * movements the rollups do not reach yet. Each movement is in exactly one of the four: the first
 * three hold the entries up to the rollups' mark, the fourth those after it.
 *
 * The mark is read first and given to the sums as a value, so that the planner sees how short the
 * tail after it is (as a column of the same statement it guessed a third of the ledger, joined all
 * of it and compiled the plan with JIT: 40 ms instead of 4 at 100,000 movements); the tail's
 * postings are then looked up one by one (LATERAL … LIMIT 1), never found by scanning every
 * posting older than the instant, and once for all the instants (a materialized CTE). The sums read the mark again: should the job have moved it in
 * between, they run again with the new one, so a movement is never counted both in a rollup and in
 * the tail.
 */
export async function sumsBefore(db: Db, instants: readonly string[]): Promise<SumsByType[]> {
  let [state] = await db.query<{ upto: number }>('select upto_entry_id as upto from balance_rollup_state');
  for (let race = 0; ; race += 1) {
    const upto = Number(state!.upto);
    const params: unknown[] = [upto, kindsOf()];
    const parts = instants.map((at, i) => {
      const [a, day, hour] = [at, floorTo(at, DAY_MS), floorTo(at, HOUR_MS)].map((value) => `$${params.push(value)}::timestamptz`);
      return `select ${i} as n, r.type, r.movements, r.amount_cents, r.fee_cents, r.net_cents
                from balance_rollups r where r.period = 'day' and r.starts_at < ${day}
              union all
              select ${i}, r.type, r.movements, r.amount_cents, r.fee_cents, r.net_cents
                from balance_rollups r where r.period = 'hour' and r.starts_at >= ${day} and r.starts_at < ${hour}
              union all
              select ${i}, v.type, 1, v.amount_cents, v.fee_cents, v.net_cents
                from balance_transactions v
               where v.kind = any($2::text[]) and v.created_at >= ${hour} and v.created_at < ${a} and v.entry_id <= $1
              union all
              select ${i}, tail.type, 1, tail.amount_cents, tail.fee_cents, tail.net_cents from tail where tail.created_at < ${a}`;
    });
    const rows = await db.query<{
      n: number;
      type: BalanceTransactionType | null;
      movements: number;
      amount: number;
      fee: number;
      net: number;
      upto: number;
    }>(
      `with tail as materialized (
         select v.type, v.amount_cents, v.fee_cents, v.net_cents, v.created_at
           from ledger_entries e
           cross join lateral (
             select v.* from balance_transactions v where v.posting_id = e.posting_id and v.entry_id = e.id limit 1) v
          where e.account = 'merchant_available' and e.id > $1),
       parts as (${parts.join('\n union all\n')})
       select n, type, sum(movements)::bigint as movements, sum(amount_cents)::bigint as amount, sum(fee_cents)::bigint as fee,
              sum(net_cents)::bigint as net, null::bigint as upto
         from parts group by n, type
       union all
       select null, null, null, null, null, null, upto_entry_id from balance_rollup_state`,
      params,
    );
    const now = Number(rows.find((row) => row.type === null)?.upto);
    if (now !== upto) {
      // The job rolls every 10 s and this takes milliseconds: more than a few races in a row is a fault.
      if (race >= ROLLUP_RACES) throw new Error(`the balance rollups moved under ${ROLLUP_RACES + 1} reads in a row`);
      state = { upto: now };
      continue;
    }
    const sums = instants.map(() => Object.fromEntries(balanceTransactionTypes.map((type) => [type, zero()])) as SumsByType);
    for (const row of rows) {
      if (row.type === null) continue;
      sums[Number(row.n)]![row.type] = {
        count: Number(row.movements),
        amountCents: Number(row.amount),
        feeCents: Number(row.fee),
        netCents: Number(row.net),
      };
    }
    return sums;
  }
}

export interface SummaryCents {
  openingCents: number;
  types: Record<BalanceTransactionType, Totals>;
  movements: Totals;
  closingCents: number;
}

const balanceOf = (sums: SumsByType): number => Object.values(sums).reduce((sum, t) => sum + t.netCents, 0);

/** What happened to the available balance in [from, to): the balance at each end and the movements between, by type. */
export async function balanceSummary(db: Db, from: string, to: string): Promise<SummaryCents> {
  const [before, upTo] = (await sumsBefore(db, [from, to])) as [SumsByType, SumsByType];
  const movements = zero();
  const types = {} as Record<BalanceTransactionType, Totals>;
  for (const type of balanceTransactionTypes) {
    const t: Totals = {
      count: upTo[type].count - before[type].count,
      amountCents: upTo[type].amountCents - before[type].amountCents,
      feeCents: upTo[type].feeCents - before[type].feeCents,
      netCents: upTo[type].netCents - before[type].netCents,
    };
    types[type] = t;
    movements.count += t.count;
    movements.amountCents += t.amountCents;
    movements.feeCents += t.feeCents;
    movements.netCents += t.netCents;
  }
  return { openingCents: balanceOf(before), types, movements, closingCents: balanceOf(upTo) };
}
