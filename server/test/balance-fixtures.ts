import type { FastifyInstance } from 'fastify';
import type { BalanceSummary, BalanceTransactionObject } from '@paydesk/shared/schemas/balance';
import { centsOf } from '@paydesk/shared/money';
import type { Db } from '../src/db/db';
import { bearer } from './helper';

/** The balance calls of one caller: the merchant API (`/api`, secret key) or the back office (`/api/backend`, a token). */
export function balanceApi(app: FastifyInstance, credential: string, base: '/api' | '/api/backend' = '/api/backend') {
  const headers = bearer(credential);
  const query = (params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
    return search.toString();
  };
  return {
    list: (params: Record<string, string | number | undefined> = {}) =>
      app.inject({ url: `${base}/balance-transactions?${query(params)}`, headers }),
    summary: (params: Record<string, string | undefined>) =>
      app.inject({ url: `${base}/balance-transactions/summary?${query(params)}`, headers }),
    export: (kind: 'csv' | 'xlsx', params: Record<string, string | undefined> = {}) =>
      app.inject({ url: `${base}/balance-transactions/export.${kind}?${query(params)}`, headers }),
    /** Every movement the filters select, page by page through `next_before`; throws on an answer other than 200. */
    all: async (params: Record<string, string | number | undefined> = {}, limit = 100): Promise<BalanceTransactionObject[]> => {
      const movements: BalanceTransactionObject[] = [];
      let before: string | undefined;
      for (;;) {
        const response = await app.inject({ url: `${base}/balance-transactions?${query({ ...params, limit, before })}`, headers });
        if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}: ${response.body}`);
        const page = response.json() as { data: BalanceTransactionObject[]; next_before: string | null };
        movements.push(...page.data);
        if (page.next_before === null) return movements;
        before = page.next_before;
      }
    },
    summaryOf: async (from: string, to: string): Promise<BalanceSummary> => {
      const response = await app.inject({ url: `${base}/balance-transactions/summary?${query({ from, to })}`, headers });
      if (response.statusCode !== 200) throw new Error(`summary answered ${response.statusCode}: ${response.body}`);
      return (response.json() as { data: BalanceSummary }).data;
    },
  };
}

/**
 * The balance of merchant_available before an instant, straight from the entries (not through
 * the code under test): the sum of the account's entries written before it.
 */
export async function ledgerBalanceBefore(db: Db, at: string): Promise<number> {
  const [row] = await db.query<{ cents: number }>(
    `select coalesce(sum(e.amount_cents), 0)::bigint as cents from ledger_entries e
      where e.account = 'merchant_available' and e.created_at < $1::timestamptz`,
    [at],
  );
  return Number(row!.cents);
}

/** The database's clock, as an ISO instant (the times the ledger stores are its). */
export async function databaseNow(db: Db): Promise<string> {
  const [row] = await db.query<{ now: string }>(`select wire_time(clock_timestamp()) as now`);
  return row!.now;
}

/** A summary's figures in cents, for sums. */
export const summaryCents = (summary: BalanceSummary) => ({
  opening: centsOf(summary.opening_balance),
  closing: centsOf(summary.closing_balance),
  net: centsOf(summary.movements.net),
  count: summary.movements.count,
  byType: Object.fromEntries(
    summary.types.map((t) => [t.type, { count: t.count, net: centsOf(t.net), fee: centsOf(t.fee), amount: centsOf(t.amount) }]),
  ),
});
