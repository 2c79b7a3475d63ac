import { api } from '@paydesk/shared/api/api-slice';
import {
  walletBalanceResponse,
  withdrawalsResponse,
  withdrawResponse,
  type WalletBalance,
  type Withdrawal,
  type WithdrawRequestInput,
  type WithdrawResponse,
} from '@paydesk/shared/schemas/wallet';

export interface WithdrawArgs {
  body: WithdrawRequestInput;
  /** Same key for a retry of the same request, so the server creates one withdrawal. */
  idempotencyKey: string;
}

/**
 * The wallet calls of WAL-09. A 401 on any of them logs out silently (AUTH-07, ERR-11).
 * One file for the three: they share the tags and the silent-401 rule.
 */
const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWalletBalance: build.query<WalletBalance, void>({
      query: () => '/backend/wallet-balance',
      extraOptions: { silent401: true },
      transformResponse: (body: unknown) => walletBalanceResponse.parse(body).data,
      providesTags: ['Wallet'],
    }),
    getWithdrawals: build.query<Withdrawal[], void>({
      query: () => '/backend/withdrawals',
      extraOptions: { silent401: true },
      transformResponse: (body: unknown) => withdrawalsResponse.parse(body).data,
      providesTags: ['Withdrawal'],
    }),
    requestWithdrawal: build.mutation<WithdrawResponse, WithdrawArgs>({
      query: ({ body, idempotencyKey }) => ({
        url: '/backend/withdraw',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      extraOptions: { silent401: true },
      transformResponse: (body: unknown) => withdrawResponse.parse(body),
      invalidatesTags: ['Wallet', 'Withdrawal'],
    }),
  }),
});

export const { useGetWalletBalanceQuery, useGetWithdrawalsQuery, useRequestWithdrawalMutation } = walletApi;
