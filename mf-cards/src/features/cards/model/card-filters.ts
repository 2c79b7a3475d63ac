import { CARD_PAGE_SIZES, cardStatuses, searchFitsAddress, type CardStatus } from '@paydesk/shared/schemas/card';

export type CardPageSize = (typeof CARD_PAGE_SIZES)[number];
export type CardStatusFilter = CardStatus | 'all';

/**
 * The list's state. The URL keeps it, so a link or a reload shows the same list, except a search
 * with more than six digits in a row: that could be a card number, which never goes in an address.
 */
export interface CardFilters {
  search: string;
  status: CardStatusFilter;
  page: number;
  perPage: CardPageSize;
}

export const DEFAULT_CARD_PAGE_SIZE: CardPageSize = 10;
/** The API's limit on the search text (shared/schemas/card.ts, cardsQuery). */
export const MAX_CARD_SEARCH = 32;

/** CARD-03: All Status, Active, Blocked. */
export const cardStatusOptions: readonly { value: CardStatusFilter; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'blocked', label: 'Blocked' },
];

export const parseCardStatusFilter = (value: string): CardStatusFilter =>
  (cardStatuses as readonly string[]).includes(value) ? (value as CardStatus) : 'all';

/** Reads `?search=&status=&page=&per_page=`; anything malformed falls back to the default. */
export function readCardFilters(params: URLSearchParams): CardFilters {
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  return {
    search: (params.get('search') ?? '').slice(0, MAX_CARD_SEARCH),
    status: parseCardStatusFilter(params.get('status') ?? ''),
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    perPage: (CARD_PAGE_SIZES as readonly number[]).includes(perPage) ? (perPage as CardPageSize) : DEFAULT_CARD_PAGE_SIZE,
  };
}

/** Only what differs from the defaults goes into the URL, and the search only if it may (searchFitsAddress). */
export function writeCardFilters(filters: CardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search && searchFitsAddress(filters.search)) params.set('search', filters.search);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.perPage !== DEFAULT_CARD_PAGE_SIZE) params.set('per_page', String(filters.perPage));
  return params;
}

/** The API's filters: page and size always, search (trimmed) and status only when set. */
export function cardListRequest({ search, status, page, perPage }: CardFilters): {
  search?: string;
  status?: CardStatus;
  page: number;
  per_page: number;
} {
  return { page, per_page: perPage, ...(search.trim() ? { search: search.trim() } : {}), ...(status !== 'all' ? { status } : {}) };
}

/**
 * GET /api/backend/cards with the filters in the address (CARD-08), or POST
 * /api/backend/cards/search with them in the body when the search may not go in an address.
 */
export function cardListCall(filters: CardFilters): string | { url: string; method: 'POST'; body: ReturnType<typeof cardListRequest> } {
  const request = cardListRequest(filters);
  if (request.search !== undefined && !searchFitsAddress(request.search))
    return { url: '/backend/cards/search', method: 'POST', body: request };
  const params = new URLSearchParams(Object.entries(request).map(([key, value]) => [key, String(value)]));
  return `/backend/cards?${params}`;
}
