import { fakeApi } from '@paydesk/shared/testing/fake-api';
import type { Withdrawal } from '@paydesk/shared/schemas/wallet';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  idempotencyKey: string | null;
}

type Reply = () => Response | Promise<Response>;

export const answer = (status: number, body: unknown): Response =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' },
  });

export const aWithdrawal = (over: Partial<Withdrawal> = {}): Withdrawal => ({
  id: 1,
  amount: '250.00',
  account_number: '12345678',
  bank_name: 'First Test Bank',
  account_name: 'Paydesk Merchant Ltd',
  status: 'pending',
  created_at: '2026-03-01T10:00:00.000Z',
  processed_at: null,
  transaction_id: 'WDAAAABBBBCCCCDDDD',
  reason: 'Weekly payout',
  failure_reason: null,
  ...over,
});

/** The wallet calls of WAL-09 on the shared fake API; `reply` replaces "METHOD /api/path". */
export function fakeWalletApi(available = '1000.00', withdrawals: Withdrawal[] = []) {
  const api = fakeApi({
    'GET /api/backend/wallet-balance': () =>
      answer(200, { status: 'success', data: { available_balance: available, pending: '0.00', total: available } }),
    'GET /api/backend/withdrawals': () => answer(200, { status: 'success', data: withdrawals }),
    'POST /api/backend/withdraw': () => answer(201, { status: 'success', message: 'Withdrawal submitted' }),
  });
  const recorded = (): RecordedCall[] =>
    api.calls.map(({ method, path, body, headers }) => ({ method, path, body, idempotencyKey: headers.get('idempotency-key') }));
  return {
    get calls() {
      return recorded();
    },
    posts: () => recorded().filter((call) => call.method === 'POST'),
    reply: (key: string, reply: Reply) => api.reply(key, reply),
    restore: api.restore,
  };
}
