import { fakeApi } from '@paydesk/shared/testing/fake-api';
import { CARD_SEARCH_IN_ADDRESS_MESSAGE, HIDDEN_CVV, searchFitsAddress, type PoolCard } from '@paydesk/shared/schemas/card';

export interface RecordedCall {
  method: string;
  url: URL;
  body: unknown;
}

type Reply = () => Response | Promise<Response>;

export const answer = (status: number, body: unknown): Response =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': typeof body === 'string' ? 'text/html' : 'application/json' },
  });

export const aCard = (over: Partial<PoolCard> = {}): PoolCard => ({
  id: 1,
  card_number: '424242******4242',
  cvv: HIDDEN_CVV,
  card_brand: 'Visa',
  expiry_month: 4,
  expiry_year: 2031,
  status: 'active',
  failure_count: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  transactions: [],
  ...over,
});

/** `count` cards, numbered from 1, each with its own last four (0001, 0002, ...). */
export const someCards = (count: number): PoolCard[] =>
  Array.from({ length: count }, (_, i) => aCard({ id: i + 1, card_number: `411111******${String(i + 1).padStart(4, '0')}` }));

/**
 * The card pool's list and status calls of CARD-08 on the shared fake API. The list (GET, or
 * POST /search with the filters in the body) filters and pages `cards` as the server does; a
 * status change updates the card and answers it.
 * `reply` overrides "METHOD /api/path"; `pause` holds its answers. Uploads go through XMLHttpRequest: see fakeUploadXhr.
 */
export function fakeCardsApi(cards: PoolCard[] = someCards(3)) {
  /** The server's filters: a whole number matches its first six and last four (the fingerprint's stand-in). */
  const list = ({
    search = '',
    status,
    page = 1,
    per_page: perPage = 25,
  }: {
    search?: string;
    status?: string | null;
    page?: number;
    per_page?: number;
  }) => {
    const digits = search.replace(/\D/g, '');
    const matches = (c: PoolCard) =>
      !search ||
      (digits.length >= 13
        ? c.card_number.startsWith(digits.slice(0, 6)) && c.card_number.endsWith(digits.slice(-4))
        : c.card_number.startsWith(search) || c.card_number.endsWith(search));
    const found = cards.filter((c) => (!status || c.status === status) && matches(c));
    const data = found.slice((page - 1) * perPage, page * perPage);
    return answer(200, { status: 'success', data, total: found.length, page, per_page: perPage });
  };
  const listByAddress = (url: URL) => {
    const search = url.searchParams.get('search') ?? '';
    // As the server: an address may hold at most six digits in a row.
    if (!searchFitsAddress(search)) return answer(400, { status: 'error', message: `search: ${CARD_SEARCH_IN_ADDRESS_MESSAGE}` });
    return list({
      search,
      status: url.searchParams.get('status'),
      page: Number(url.searchParams.get('page') ?? 1),
      per_page: Number(url.searchParams.get('per_page') ?? 25),
    });
  };
  const setStatus = (id: number, body: unknown) => {
    const card = cards.find((c) => c.id === id);
    if (!card) return answer(404, { status: 'error', message: 'Card not found' });
    card.status = (body as { status: PoolCard['status'] }).status;
    return answer(200, { status: 'success', data: card });
  };
  const api = fakeApi({
    'GET /api/backend/cards': (call) => listByAddress(call.url),
    'POST /api/backend/cards/search': (call) => list(call.body as Parameters<typeof list>[0]),
    'POST /api/backend/cards/:id/status': (call) => setStatus(Number(call.params.id), call.body),
  });
  const recorded = (): RecordedCall[] => api.calls.map(({ method, url, body }) => ({ method, url, body }));
  return {
    get calls() {
      return recorded();
    },
    lists: () =>
      recorded()
        .filter((call) => call.url.pathname === '/api/backend/cards')
        .map((call) => Object.fromEntries(call.url.searchParams)),
    /** The bodies of the list calls made by POST /api/backend/cards/search. */
    searches: () =>
      recorded()
        .filter((call) => call.url.pathname === '/api/backend/cards/search')
        .map((call) => call.body),
    posts: () => recorded().filter((call) => call.method === 'POST' && call.url.pathname !== '/api/backend/cards/search'),
    reply: (key: string, reply: Reply) => api.reply(key, reply),
    /** Holds the answers to "METHOD /api/path" until the returned function is called. */
    pause: api.pause,
    restore: api.restore,
  };
}
