import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/db';
import { bearer } from './helper';

export interface WithdrawBody {
  amount: number;
  account_number: string;
  bank_name: string;
  account_name: string;
  reason?: string;
}

export const aWithdrawal = (amount: number, over: Partial<WithdrawBody> = {}): WithdrawBody => ({
  amount,
  account_number: '12345678',
  bank_name: 'First Test Bank',
  account_name: 'Paydesk Merchant Ltd',
  reason: 'Weekly payout',
  ...over,
});

export interface WireBalance {
  available_balance: string;
  pending: string;
  total: string;
}
export const cents = (decimal: string): number => Math.round(Number(decimal) * 100);

/** The wallet calls of WAL-09, with a bearer token. */
export function walletApi(app: FastifyInstance, token: string) {
  const headers = bearer(token);
  return {
    balance: async () => {
      const response = await app.inject({ url: '/api/backend/wallet-balance', headers });
      return { statusCode: response.statusCode, ...(response.json() as { data: WireBalance }) };
    },
    list: (query = '') => app.inject({ url: `/api/backend/withdrawals${query}`, headers }),
    withdraw: (body: unknown, idempotencyKey?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/backend/withdraw',
        headers: { ...headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        payload: body as object,
      }),
  };
}

/** Sum of entries per account, straight from the table (not through the API under test). */
export async function ledgerSums(db: Db): Promise<Record<string, number>> {
  const rows = await db.query<{ account: string; sum: number }>(
    'select account, sum(amount_cents)::bigint as sum from ledger_entries group by account',
  );
  return Object.fromEntries(rows.map((r) => [r.account, Number(r.sum)]));
}

/** The ledger's invariants: every posting balances, nothing negative where it cannot be, and the API agrees. */
export async function expectReconciled(db: Db, wire: WireBalance): Promise<void> {
  const unbalanced = await db.query('select posting_id from ledger_entries group by posting_id having sum(amount_cents) <> 0');
  expect(unbalanced).toEqual([]);
  const sums = await ledgerSums(db);
  expect(Object.values(sums).reduce((a, b) => a + b, 0)).toBe(0);
  expect(cents(wire.available_balance)).toBe(sums.merchant_available ?? 0);
  expect(cents(wire.pending)).toBe(sums.merchant_pending ?? 0);
  expect(cents(wire.total)).toBe(cents(wire.available_balance) + cents(wire.pending));
  expect(cents(wire.available_balance)).toBeGreaterThanOrEqual(0);
  const [pending] = await db.query<{ sum: number }>(
    `select coalesce(sum(amount_cents), 0)::bigint as sum from withdrawals where status = 'pending'`,
  );
  expect(Number(pending!.sum)).toBe(sums.merchant_pending ?? 0);
  const [paid] = await db.query<{ sum: number }>(
    `select coalesce(sum(amount_cents), 0)::bigint as sum from withdrawals where status = 'completed'`,
  );
  expect(Number(paid!.sum)).toBe(sums.bank_payouts ?? 0);
}

/** Makes every pending withdrawal due now, as if the settlement delay had passed. */
export const makeWithdrawalsDue = (db: Db) => db.query(`update withdrawals set settle_at = now() where status = 'pending'`);
