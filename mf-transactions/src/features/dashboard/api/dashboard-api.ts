import { api } from '@paydesk/shared/api/api-slice';
import { withData } from '@paydesk/shared/schemas/common';
import {
  chartItem,
  todayStats,
  totalRevenue,
  totalTransactions,
  type ChartItem,
  type ChartRange,
  type TodayStats,
  type TotalRevenue,
  type TotalTransactions,
} from '@paydesk/shared/schemas/dashboard';
import { transaction, type Transaction } from '@paydesk/shared/schemas/transaction';
import { walletBalance, type WalletBalance } from '@paydesk/shared/schemas/wallet';

const revenueResponse = withData(totalRevenue);
const countsResponse = withData(totalTransactions);
const statsResponse = withData(todayStats);
const walletResponse = withData(walletBalance);
const recentResponse = withData(transaction.array());
const chartResponse = withData(chartItem.array());

/** The six dashboard calls of DASH-02; every response is read from its `data` field. */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTotalRevenue: build.query<TotalRevenue, void>({
      query: () => '/backend/total-revenue',
      transformResponse: (body: unknown) => revenueResponse.parse(body).data,
      providesTags: ['Dashboard'],
    }),
    getTotalTransactions: build.query<TotalTransactions, void>({
      query: () => '/backend/total-transactions',
      transformResponse: (body: unknown) => countsResponse.parse(body).data,
      providesTags: ['Dashboard'],
    }),
    getTodayStats: build.query<TodayStats, void>({
      query: () => '/backend/today-stats',
      transformResponse: (body: unknown) => statsResponse.parse(body).data,
      providesTags: ['Dashboard'],
    }),
    // Named for the dashboard: the wallet remote may inject its own endpoint for the same call.
    getDashboardWalletBalance: build.query<WalletBalance, void>({
      query: () => '/backend/wallet-balance',
      // AUTH-07, ERR-11: a 401 on the wallet balance logs out silently.
      extraOptions: { silent401: true },
      transformResponse: (body: unknown) => walletResponse.parse(body).data,
      providesTags: ['Dashboard', 'Wallet'],
    }),
    getRecentTransactions: build.query<Transaction[], void>({
      query: () => '/backend/recent-transactions',
      transformResponse: (body: unknown) => recentResponse.parse(body).data,
      providesTags: ['Dashboard', 'Transaction'],
    }),
    getChartData: build.query<ChartItem[], ChartRange>({
      query: (range) => `/backend/chart-data?range=${range}`,
      transformResponse: (body: unknown) => chartResponse.parse(body).data,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const {
  useGetTotalRevenueQuery,
  useGetTotalTransactionsQuery,
  useGetTodayStatsQuery,
  useGetDashboardWalletBalanceQuery,
  useGetRecentTransactionsQuery,
  useGetChartDataQuery,
} = dashboardApi;
