import { HIDDEN_CVV, type PoolCard } from '@paydesk/shared/schemas/card';

export interface RecordedCall {
  method: string;
  url: URL;
  body: unknown;
}

type Reply = () => Response | Promise<Response>;

export const answer = (status: number, body: unknown): Response =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' } });

export const aCard = (over: Partial<PoolCard> = {}): PoolCard => ({
  id: 1, card_number: '424242******4242', cvv: HIDDEN_CVV, card_brand: 'Visa', expiry_month: 4, expiry_year: 2031,
  status: 'active', failure_count: 0, created_at: '2026-03-01T10:00:00.000Z', transactions: [], ...over,
});

/** `count` cards, numbered from 1, each with its own last four (0001, 0002, ...). */
export const someCards = (count: number): PoolCard[] =>
  Array.from({ length: count }, (_, i) => aCard({ id: i + 1, card_number: `411111******${String(i + 1).padStart(4, '0')}` }));

/**
 * The card pool's list and status calls of spec point 7 behind a spy on fetch. The list filters
 * and pages `cards` as the server does; a status change updates the card and answers it.
 * `reply` overrides "METHOD /api/path"; `pause` holds its answers. Uploads go through XMLHttpRequest: see fakeUploadXhr.
 */
export function fakeCardsApi(cards: PoolCard[] = someCards(3)) {
  const calls: RecordedCall[] = [];
  const replies = new Map<string, Reply>();
  const paused = new Map<string, Promise<void>>();
  const list = (url: URL) => {
    const search = url.searchParams.get('search') ?? '';
    const status = url.searchParams.get('status');
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 25);
    const found = cards.filter((c) => (!status || c.status === status) && (!search || c.card_number.startsWith(search) || c.card_number.endsWith(search)));
    const data = found.slice((page - 1) * perPage, page * perPage);
    return answer(200, { status: 'success', data, total: found.length, page, per_page: perPage });
  };
  const setStatus = (id: number, body: unknown) => {
    const card = cards.find((c) => c.id === id);
    if (!card) return answer(404, { status: 'error', message: 'Card not found' });
    card.status = (body as { status: PoolCard['status'] }).status;
    return answer(200, { status: 'success', data: card });
  };
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    calls.push({ method: request.method, url, body });
    await paused.get(`${request.method} ${url.pathname}`);
    const override = replies.get(`${request.method} ${url.pathname}`);
    if (override) return override();
    if (url.pathname === '/api/backend/cards') return list(url);
    const status = url.pathname.match(/^\/api\/backend\/cards\/(\d+)\/status$/);
    if (status && request.method === 'POST') return setStatus(Number(status[1]), body);
    return answer(404, { status: 'error', message: 'Not found' });
  });
  return {
    calls,
    lists: () => calls.filter((call) => call.url.pathname === '/api/backend/cards').map((call) => Object.fromEntries(call.url.searchParams)),
    posts: () => calls.filter((call) => call.method === 'POST'),
    reply: (key: string, reply: Reply) => replies.set(key, reply),
    /** Holds the answers to "METHOD /api/path" until the returned function is called. */
    pause: (key: string): (() => void) => {
      let release = () => {};
      paused.set(key, new Promise((resolve) => (release = resolve)));
      return () => {
        paused.delete(key);
        release();
      };
    },
    restore: () => spy.mockRestore(),
  };
}
