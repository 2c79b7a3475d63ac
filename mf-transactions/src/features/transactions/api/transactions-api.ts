import { api } from '@paydesk/shared/api/api-slice';
import { withData } from '@paydesk/shared/schemas/common';
import { disputeChangedResponse, type OpenDisputeRequest } from '@paydesk/shared/schemas/dispute';
import { refundCreatedResponse, type RefundFields } from '@paydesk/shared/schemas/refund';
import {
  paginated,
  transaction,
  transactionDetails,
  type PageSize,
  type TransactionDetails,
  type TransactionStatus,
} from '@paydesk/shared/schemas/transaction';
import type { z } from 'zod';

const listResponse = withData(paginated(transaction));
const detailsResponse = withData(transactionDetails);
export type TransactionPage = z.infer<typeof listResponse>['data'];
export type RefundCreated = z.infer<typeof refundCreatedResponse>;
export type DisputeChanged = z.infer<typeof disputeChangedResponse>;

export interface TransactionListArgs {
  page: number;
  perPage: PageSize;
  search: string;
  status: TransactionStatus | 'all';
}

export interface RefundArgs {
  /** The payment's transaction id. */
  transactionId: string;
  body: RefundFields;
  /** One key per dialog opening: a repeated click refunds once (REF-10). */
  idempotencyKey: string;
}

export interface OpenDemoDisputeArgs {
  transactionId: string;
  body: OpenDisputeRequest;
  /** One key per dialog opening: a repeated click opens one dispute. */
  idempotencyKey: string;
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
    getTransactionDetails: build.query<TransactionDetails, string>({
      query: (id) => `/backend/transaction-details/${encodeURIComponent(id)}`,
      transformResponse: (body: unknown) => detailsResponse.parse(body).data,
      providesTags: (_result, _error, id) => [{ type: 'Transaction', id }],
    }),
    createRefund: build.mutation<RefundCreated, RefundArgs>({
      query: ({ transactionId, body, idempotencyKey }) => ({
        url: `/backend/transactions/${encodeURIComponent(transactionId)}/refunds`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: (body: unknown) => refundCreatedResponse.parse(body),
      invalidatesTags: ['Transaction', 'Wallet', 'Dashboard'],
    }),
    // Demo mode only: the cardholder's bank opens a dispute, by hand.
    openDemoDispute: build.mutation<DisputeChanged, OpenDemoDisputeArgs>({
      query: ({ transactionId, body, idempotencyKey }) => ({
        url: `/backend/transactions/${encodeURIComponent(transactionId)}/dispute`,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: (body: unknown) => disputeChangedResponse.parse(body),
      invalidatesTags: ['Transaction', 'Wallet', 'Dashboard'],
    }),
  }),
});

export const { useGetTransactionsQuery, useGetTransactionDetailsQuery, useCreateRefundMutation, useOpenDemoDisputeMutation } =
  transactionsApi;
