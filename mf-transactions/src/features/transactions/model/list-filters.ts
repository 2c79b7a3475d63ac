import { pageSizes, transactionStatuses, type PageSize, type TransactionStatus } from '@paydesk/shared/schemas/transaction';

/** The list's state as the URL keeps it, so a link or a reload shows the same list. */
export interface ListFilters {
  search: string;
  status: TransactionStatus | 'all';
  page: number;
  perPage: PageSize;
}

/** The status filter of the screen (spec point 2); Success also lists completed payments. */
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

/** Reads `?search=&status=&page=&per_page=`; the spec's `?filter=disputed` preselects Disputed. */
export function readFilters(params: URLSearchParams): ListFilters {
  const page = Number(params.get('page'));
  const perPage = Number(params.get('per_page'));
  return {
    search: (params.get('search') ?? '').slice(0, MAX_SEARCH),
    status: parseStatusFilter(params.get('status') ?? params.get('filter') ?? 'all'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (pageSizes as readonly number[]).includes(perPage) ? (perPage as PageSize) : 10,
  };
}

/** Only what differs from the defaults goes into the URL. */
export function writeFilters(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.page !== 1) params.set('page', String(filters.page));
  if (filters.perPage !== 10) params.set('per_page', String(filters.perPage));
  return params;
}
