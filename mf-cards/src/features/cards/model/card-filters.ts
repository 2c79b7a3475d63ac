import { pageField, readListState, sizeField, textField, writeListState, type ListFields } from '@paydesk/shared/list-state';
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

/** `?search=&status=&page=&per_page=`; a search that may not go in an address (searchFitsAddress) is read but never written. */
export const cardListFields: ListFields<CardFilters> = {
  search: textField(MAX_CARD_SEARCH, { format: (search) => (searchFitsAddress(search) ? search : undefined) }),
  status: { fallback: 'all', parse: parseCardStatusFilter },
  page: pageField(1_000_000),
  perPage: sizeField(CARD_PAGE_SIZES, DEFAULT_CARD_PAGE_SIZE, 'per_page'),
};

/** Reads the address; anything malformed falls back to the default. */
export const readCardFilters = (params: URLSearchParams): CardFilters => readListState(cardListFields, params);

/** Only what differs from the defaults goes into the URL, and the search only if it may (searchFitsAddress). */
export const writeCardFilters = (filters: CardFilters): URLSearchParams => writeListState(cardListFields, filters);

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
