import { api } from '@paydesk/shared/api/api-slice';
import {
  balanceSummaryResponse,
  balanceTransactionListResponse,
  type BalanceSummary,
  type BalanceTransactionListResponse,
  type BalanceTransactionType,
} from '@paydesk/shared/schemas/balance';

/** The filters as the server reads them: ISO instants and ids ('' for none). */
export interface MovementFilterArgs {
  from: string;
  to: string;
  type: BalanceTransactionType | '';
  source: string;
  withdrawal: string;
}

export type BalancePageSize = 25 | 50 | 100;

export interface MovementPageArgs extends MovementFilterArgs {
  limit: BalancePageSize;
  /** The movement the page starts after (txn_…); undefined for the newest page. */
  before: string | undefined;
}

/** Only the filters that are set are sent. */
export function movementFilterQuery(filter: MovementFilterArgs): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['from', 'to', 'type', 'source', 'withdrawal'] as const) if (filter[key].trim()) params.set(key, filter[key].trim());
  return params;
}

/** What an export answers: the file as a `blob:` address to save, or the server's refusal. */
const fileAddress = async (response: Response): Promise<unknown> =>
  response.ok ? URL.createObjectURL(await response.blob()) : response.json().catch(() => undefined);

/**
 * Balance history's calls (BAL-03 to BAL-06): the summary of a range, a page of movements, and the
 * exports. A 401 on any of them logs out silently, as the wallet's calls do (AUTH-07).
 */
const balanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBalanceSummary: build.query<BalanceSummary, { from: string; to: string }>({
      query: ({ from, to }) => `/backend/balance-transactions/summary?${new URLSearchParams({ from, to }).toString()}`,
      extraOptions: { silent401: true },
      transformResponse: (body: unknown) => balanceSummaryResponse.parse(body).data,
    }),
    getMovements: build.query<BalanceTransactionListResponse, MovementPageArgs>({
      query: ({ limit, before, ...filter }) => {
        const params = movementFilterQuery(filter);
        params.set('limit', String(limit));
        if (before !== undefined) params.set('before', before);
        return `/backend/balance-transactions?${params.toString()}`;
      },
      extraOptions: { silent401: true },
      transformResponse: (body: unknown) => balanceTransactionListResponse.parse(body),
    }),
    exportMovements: build.query<string, MovementFilterArgs & { format: 'csv' | 'xlsx' }>({
      query: ({ format, ...filter }) => ({
        url: `/backend/balance-transactions/export.${format}?${movementFilterQuery(filter).toString()}`,
        // The CSV as text; the spreadsheet as a blob: address, since a store keeps no binary.
        responseHandler: format === 'csv' ? 'text' : fileAddress,
      }),
      extraOptions: { silent401: true },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetBalanceSummaryQuery, useGetMovementsQuery, useLazyExportMovementsQuery } = balanceApi;
