import { api } from '@paydesk/shared/api/api-slice';
import { withData } from '@paydesk/shared/schemas/common';
import { paginated, transaction, type PageSize, type Transaction, type TransactionStatus } from '@paydesk/shared/schemas/transaction';
import type { z } from 'zod';

const listResponse = withData(paginated(transaction));
const detailsResponse = withData(transaction);
export type TransactionPage = z.infer<typeof listResponse>['data'];

export interface TransactionListArgs {
  page: number;
  perPage: PageSize;
  search: string;
  status: TransactionStatus | 'all';
}

/** TXN-06: search and status are sent only when set (status omitted when 'all'). */
export function listQueryString({ page, perPage, search, status }: TransactionListArgs): string {
  const params = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (search.trim()) params.set('search', search.trim());
  if (status !== 'all') params.set('status', status);
  return params.toString();
}

export const transactionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTransactions: build.query<TransactionPage, TransactionListArgs>({
      query: (args) => `/backend/all-transactions?${listQueryString(args)}`,
      transformResponse: (body: unknown) => listResponse.parse(body).data,
      providesTags: ['Transaction'],
    }),
    getTransactionDetails: build.query<Transaction, string>({
      query: (id) => `/backend/transaction-details/${encodeURIComponent(id)}`,
      transformResponse: (body: unknown) => detailsResponse.parse(body).data,
      providesTags: (_result, _error, id) => [{ type: 'Transaction', id }],
    }),
  }),
});

export const { useGetTransactionsQuery, useGetTransactionDetailsQuery } = transactionsApi;
