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

/** The wallet calls of WAL-09 behind a spy on fetch; `reply` overrides "METHOD /api/path". */
export function fakeWalletApi(available = '1000.00', withdrawals: Withdrawal[] = []) {
  const calls: RecordedCall[] = [];
  const replies = new Map<string, Reply>();
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const text = await request.text();
    calls.push({
      method: request.method,
      path,
      body: text ? JSON.parse(text) : undefined,
      idempotencyKey: request.headers.get('idempotency-key'),
    });
    const override = replies.get(`${request.method} ${path}`);
    if (override) return override();
    if (path === '/api/backend/wallet-balance')
      return answer(200, { status: 'success', data: { available_balance: available, pending: '0.00', total: available } });
    if (path === '/api/backend/withdrawals') return answer(200, { status: 'success', data: withdrawals });
    return answer(201, { status: 'success', message: 'Withdrawal submitted' });
  });
  return {
    calls,
    posts: () => calls.filter((call) => call.method === 'POST'),
    reply: (key: string, reply: Reply) => replies.set(key, reply),
    restore: () => spy.mockRestore(),
  };
}
