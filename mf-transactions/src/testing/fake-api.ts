import type { Transaction } from '@paydesk/shared/schemas/transaction';

export type Handler = (url: URL) => { status?: number; body: unknown };

/** Routes the API slice's fetches to handlers by path; records every URL asked for. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: URL[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url);
    const route = Object.keys(routes).find((path) => url.pathname === path || url.pathname.startsWith(`${path}/`));
    const answer = route ? routes[route]!(url) : { status: 404, body: { status: 'error', message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  return { calls, restore: () => spy.mockRestore(), callsTo: (path: string) => calls.filter((u) => u.pathname === path) };
}

export const ok = (data: unknown) => ({ body: { status: 'success', data } });

export const aTransaction = (over: Partial<Transaction> = {}): Transaction => ({
  id: 1, transaction_id: 'PDAAAA0001', first_name: 'Olivia', last_name: 'Smith', email: 'olivia.smith@example.com',
  phone: '+1 555 0100', payment_amount: '200.00', currency: 'USD', status: 'completed', last_four: '4242', card_brand: 'Visa',
  created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-01T10:00:05.000Z', fee_amount: '6.10', value_amount: '193.90',
  response: { message: 'Approved' }, response_content: null,
  provider_key: { id: 1, provider_name: 'Sandbox Processor', key_name: 'Primary Switch' }, ...over,
});

/** A paginated wrapper of `total` generated rows, sliced as the server would. */
export function pageOf(url: URL, total: number) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const perPage = Number(url.searchParams.get('per_page') ?? 10);
  const start = (page - 1) * perPage;
  const count = Math.max(0, Math.min(perPage, total - start));
  const data = Array.from({ length: count }, (_, i) =>
    aTransaction({ id: start + i + 1, transaction_id: `PDROW${String(start + i + 1).padStart(5, '0')}` }));
  return {
    data, current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)),
    from: count ? start + 1 : null, to: count ? start + count : null,
  };
}
