import { useEffect } from 'react';
import { readApiError } from '@paydesk/shared/api/api-error';
import type { DashboardSummary } from '@paydesk/shared/schemas/dashboard';
import { notify } from '@paydesk/shared/ui/notify';
import {
  useGetDashboardWalletBalanceQuery,
  useGetTodayStatsQuery,
  useGetTotalRevenueQuery,
  useGetTotalTransactionsQuery,
} from '../api/dashboard-api';
import { combineSummary, SAMPLE_SUMMARY } from './dashboard-summary';

export interface DashboardData {
  summary: DashboardSummary | undefined;
  /** True when the figures are the placeholders of DASH-04, shown because a call failed. */
  isSample: boolean;
  isLoading: boolean;
  /** Refetches every summary call; true when all of them answered. */
  refresh: () => Promise<boolean>;
}

/** The summary calls together; `withBalances` is false for roles that may not see the wallet. */
export function useDashboardData(withBalances: boolean): DashboardData {
  const revenue = useGetTotalRevenueQuery();
  const counts = useGetTotalTransactionsQuery();
  const stats = useGetTodayStatsQuery();
  const wallet = useGetDashboardWalletBalanceQuery(undefined, { skip: !withBalances });
  const parts = withBalances ? [revenue, counts, stats, wallet] : [revenue, counts, stats];
  const failure = parts.find((part) => part.error)?.error;
  const isSample = failure !== undefined && readApiError(failure).status !== 401;

  useEffect(() => {
    if (isSample) notify('error', 'Error', 'Failed to fetch dashboard data.');
  }, [isSample]);

  const real =
    revenue.data && counts.data && stats.data && (!withBalances || wallet.data)
      ? combineSummary(revenue.data, counts.data, stats.data, wallet.data ?? null)
      : undefined;
  return {
    summary: isSample ? SAMPLE_SUMMARY : real,
    isSample,
    isLoading: parts.some((part) => part.isLoading),
    refresh: async () => (await Promise.all(parts.map((part) => part.refetch()))).every((result) => !result.error),
  };
}
