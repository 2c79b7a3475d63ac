import { fakeApi, type ApiCall, type Handler } from '@paydesk/shared/testing/fake-api';
import {
  balanceTransactionTypes,
  type BalanceSummary,
  type BalanceTransactionObject,
  type BalanceTransactionType,
} from '@paydesk/shared/schemas/balance';

export const aMovement = (over: Partial<BalanceTransactionObject> = {}): BalanceTransactionObject => ({
  object: 'balance_transaction',
  id: 'txn_10',
  type: 'payment',
  amount: '100.00',
  fee: '0.00',
  net: '100.00',
  currency: 'USD',
  source: 'TXNxxxxxxxxxxxxxxxx',
  source_type: 'payment',
  transaction_id: 'TXNxxxxxxxxxxxxxxxx',
  created_at: '2026-03-02T10:00:00.000Z',
  ...over,
});

const totals = (count: number, amount: string, fee: string, net: string) => ({ count, amount, fee, net });

export const aSummary = (over: Partial<BalanceSummary> = {}): BalanceSummary => ({
  object: 'balance_summary',
  currency: 'USD',
  from: '2026-03-01T00:00:00.000Z',
  to: '2026-04-01T00:00:00.000Z',
  opening_balance: '1000.00',
  types: balanceTransactionTypes.map((type: BalanceTransactionType) =>
    type === 'payment'
      ? { type, ...totals(1, '100.00', '0.00', '100.00') }
      : type === 'payment_fee'
        ? { type, ...totals(1, '0.00', '3.20', '-3.20') }
        : type === 'withdrawal'
          ? { type, ...totals(1, '-50.00', '0.00', '-50.00') }
          : { type, ...totals(0, '0.00', '0.00', '0.00') },
  ),
  movements: totals(3, '50.00', '3.20', '46.80'),
  closing_balance: '1046.80',
  ...over,
});

/** Balance history's calls on the shared fake API: the summary, pages of movements by `before`, and the exports. */
export function fakeBalanceApi(pages: BalanceTransactionObject[][] = [[aMovement()]], summary = aSummary()) {
  const pageAfter = (call: ApiCall) => {
    const before = call.url.searchParams.get('before');
    const index = before === null ? 0 : pages.findIndex((page) => page.at(-1)?.id === before) + 1;
    const page = pages[index] ?? [];
    return { body: { status: 'success', data: page, next_before: index + 1 < pages.length ? (page.at(-1)?.id ?? null) : null } };
  };
  const api = fakeApi({
    'GET /api/backend/balance-transactions/summary': () => ({ body: { status: 'success', data: summary } }),
    'GET /api/backend/balance-transactions': pageAfter,
    'GET /api/backend/balance-transactions/export.csv': () =>
      new Response('ID,Created\r\ntxn_10,2026-03-02T10:00:00.000Z\r\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    'GET /api/backend/balance-transactions/export.xlsx': () =>
      new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), {
        status: 200,
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      }),
  });
  return {
    ...api,
    /** The query of every call to a route, as sent. */
    queriesTo: (key: string) => api.callsTo(key).map((call) => Object.fromEntries(call.url.searchParams)),
    replyWith: (key: string, handler: Handler) => api.reply(key, handler),
  };
}
