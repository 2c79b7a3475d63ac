import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, withData } from '@paydesk/shared/schemas/common';
import { chartDataQuery, chartItem, todayStats, totalRevenue, totalTransactions } from '@paydesk/shared/schemas/dashboard';
import { transaction } from '@paydesk/shared/schemas/transaction';
import { walletBalance } from '@paydesk/shared/schemas/wallet';
import { centsToDecimal } from '@paydesk/shared/money';
import { requireAuth } from '../auth/authorize';
import { chartSeries, periodStats, revenueTotals, statusCounts } from './dashboard-repository';
import { revenueNetOfRefunds } from './figures-policy';
import { toTransaction } from './transaction-row';
import { recentTransactions } from './transactions-repository';
import { walletBalanceFromLedger } from '../wallet/wallet-balance';

const security = [{ bearerAuth: [] }];
const denied = { 401: apiError, 403: apiError };
const RECENT_LIMIT = 10;

/** The six dashboard calls of DASH-02 (GET /api/backend/...), all answered under `data`. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['dashboard'];
  const preHandler = app.authorize('dashboard.view');

  app.get('/total-revenue', {
    schema: {
      tags,
      security,
      summary: 'Revenue: sales less succeeded refunds and disputes, gross and net of fees',
      response: { 200: withData(totalRevenue), ...denied },
    },
    preHandler,
    handler: async (request) => {
      const t = await revenueTotals(app.db);
      const { revenueCents, netCents } = revenueNetOfRefunds(
        requireAuth(request).permissions,
        { grossCents: t.salesCents, netCents: t.netSalesCents },
        t,
      );
      return {
        status: 'success' as const,
        data: {
          total_revenue: centsToDecimal(revenueCents),
          total_net_revenue: centsToDecimal(netCents),
          total_refunds: centsToDecimal(t.refundsCents),
          total_disputes: centsToDecimal(t.disputesCents),
        },
      };
    },
  });

  app.get('/total-transactions', {
    schema: {
      tags,
      security,
      summary: 'Transaction counts by status and success rate',
      response: { 200: withData(totalTransactions), ...denied },
    },
    preHandler,
    handler: async () => {
      const c = await statusCounts(app.db);
      return {
        status: 'success' as const,
        data: {
          total_transactions: c.total,
          successful_transactions: c.successful,
          failed_transactions: c.failed,
          pending_transactions: c.pending,
          disputed_transactions: c.disputed,
          refunded_transactions: c.refunded,
          success_rate: c.success_rate,
        },
      };
    },
  });

  app.get('/today-stats', {
    schema: {
      tags,
      security,
      summary: 'Today, the last 7 and the last 30 days, with growth',
      response: { 200: withData(todayStats), ...denied },
    },
    preHandler,
    handler: async (request) => {
      const p = await periodStats(app.db);
      const today = revenueNetOfRefunds(
        requireAuth(request).permissions,
        { grossCents: p.today_sales_cents, netCents: p.today_net_sales_cents },
        { refundsCents: p.today_refunds_cents, disputesCents: p.today_disputes_cents, disputeFeesCents: p.today_dispute_fees_cents },
      );
      return {
        status: 'success' as const,
        data: {
          today_transactions: p.today_transactions,
          today_amount: centsToDecimal(today.revenueCents),
          today_net_amount: centsToDecimal(today.netCents),
          today_refunds: centsToDecimal(p.today_refunds_cents),
          today_disputes: centsToDecimal(p.today_disputes_cents),
          today_successful: p.today_successful,
          today_failed: p.today_failed,
          today_success_rate: p.today_success_rate,
          week_transactions: p.week_transactions,
          week_amount: centsToDecimal(p.week_amount_cents),
          week_refunds: centsToDecimal(p.week_refunds_cents),
          week_disputes: centsToDecimal(p.week_disputes_cents),
          week_growth: p.week_growth,
          month_transactions: p.month_transactions,
          month_amount: centsToDecimal(p.month_amount_cents),
          month_refunds: centsToDecimal(p.month_refunds_cents),
          month_disputes: centsToDecimal(p.month_disputes_cents),
          month_growth: p.month_growth,
        },
      };
    },
  });

  app.get('/wallet-balance', {
    schema: {
      tags: ['wallet'],
      security,
      summary: 'Wallet balance (viewers are refused)',
      response: { 200: withData(walletBalance), ...denied },
    },
    preHandler: app.authorize('wallet.view'),
    handler: async () => {
      const { availableCents, pendingCents } = await walletBalanceFromLedger(app.db);
      return {
        status: 'success' as const,
        data: {
          available_balance: centsToDecimal(availableCents),
          pending: centsToDecimal(pendingCents),
          total: centsToDecimal(availableCents + pendingCents),
        },
      };
    },
  });

  app.get('/recent-transactions', {
    schema: {
      tags,
      security,
      summary: `The ${RECENT_LIMIT} newest transactions`,
      response: { 200: withData(transaction.array()), ...denied },
    },
    preHandler,
    handler: async (request) => {
      const held = requireAuth(request).permissions;
      const rows = await recentTransactions(app.db, RECENT_LIMIT);
      return { status: 'success' as const, data: rows.map((row) => toTransaction(row, held)) };
    },
  });

  app.get('/chart-data', {
    schema: {
      tags,
      security,
      summary: 'Sales less succeeded refunds and disputes, refunds, disputes and transaction count per day or month',
      querystring: chartDataQuery,
      response: { 200: withData(chartItem.array()), 400: apiError, ...denied },
    },
    preHandler,
    handler: async (request) => {
      const points = await chartSeries(app.db, request.query.range);
      return {
        status: 'success' as const,
        data: points.map((p) => ({
          date: p.date,
          amount: centsToDecimal(p.amount_cents),
          refunds: centsToDecimal(p.refunds_cents),
          disputes: centsToDecimal(p.disputes_cents),
          transactions: p.transactions,
        })),
      };
    },
  });
};
