import { containsCardNumber } from '@paydesk/shared/cards/card-number-text';
import { pageField, readListState, sizeField, textField, writeListState, type ListFields } from '@paydesk/shared/list-state';
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

/** `?search=&status=&page=&per_page=`; TXN-02's `?filter=disputed` preselects Disputed. A card number in `search` is never read nor written. */
export const listFields: ListFields<ListFilters> = {
  search: textField(MAX_SEARCH, {
    parse: (text) => (isSearchable(text.slice(0, MAX_SEARCH)) ? text.slice(0, MAX_SEARCH) : undefined),
    format: (search) => (isSearchable(search) ? search : undefined),
  }),
  status: { fallback: 'all', parse: parseStatusFilter, aliases: ['filter'] },
  page: pageField(),
  perPage: sizeField(pageSizes, 10, 'per_page'),
};

/** The filters the address holds; anything malformed is its default. */
export const readFilters = (params: URLSearchParams): ListFilters => readListState(listFields, params);

/** Only what differs from the defaults goes into the URL, and never a card number. */
export const writeFilters = (filters: ListFilters): URLSearchParams => writeListState(listFields, filters);
