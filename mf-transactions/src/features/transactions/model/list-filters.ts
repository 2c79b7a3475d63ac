import { containsCardNumber } from '@paydesk/shared/cards/card-number-text';
import { pageSizes, transactionStatuses, type PageSize, type TransactionStatus } from '@paydesk/shared/schemas/transaction';

/**
 * The list's state as the URL keeps it, so a link or a reload shows the same list. The search is
 * never a card number: transactions keep none, and an address is logged and kept in history.
 */
export interface ListFilters {
  search: string;
  status: TransactionStatus | 'all';
  page: number;
  perPage: PageSize;
}

/** The status filter of the screen (TXN-02); Success also lists completed payments. */
export const statusOptions: readonly { value: ListFilters['status']; label: string }[] = [
  { value: 'all', label: 'All Status' },
  { value: 'success', label: 'Success' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
  { value: 'disputed', label: 'Disputed' },
  { value: 'refunded', label: 'Refunded' },
];

const isStatus = (value: string): value is TransactionStatus => (transactionStatuses as readonly string[]).includes(value);

/** The longest search the box takes. */
export const MAX_SEARCH = 200;

/** A status from the select or the URL; anything else is All Status. */
export const parseStatusFilter = (value: string): ListFilters['status'] => {
  const status = value.toLowerCase();
  return isStatus(status) ? status : 'all';
};

/** A search the list may send: anything but one holding a card number. */
export const isSearchable = (search: string): boolean => !containsCardNumber(search);

/** Reads `?search=&status=&page=&per_page=`; TXN-02's `?filter=disputed` preselects Disputed. A card number in `search` is dropped. */
export function readFilters(params: URLSearchParams): ListFilters {
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  const search = (params.get('search') ?? '').slice(0, MAX_SEARCH);
  return {
    search: isSearchable(search) ? search : '',
    status: parseStatusFilter(params.get('status') ?? params.get('filter') ?? 'all'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (pageSizes as readonly number[]).includes(perPage) ? (perPage as PageSize) : 10,
  };
}

/** Only what differs from the defaults goes into the URL, and never a card number. */
export function writeFilters(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search && isSearchable(filters.search)) params.set('search', filters.search);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.perPage !== 10) params.set('per_page', String(filters.perPage));
  return params;
}
