import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError, withData } from '@paydesk/shared/schemas/common';
import {
  paginated,
  transaction,
  transactionDetails,
  transactionDetailsParams,
  transactionListQuery,
} from '@paydesk/shared/schemas/transaction';
import { requireAuth } from '../auth/authorize';
import { disputeIdOf } from '../disputes/disputes-repository';
import { notFound } from '../errors/domain-error';
import { refundsOf } from '../refunds/refunds-repository';
import { pageWindow } from '../paging/page-window';
import { toTransaction } from './transaction-row';
import { findTransaction, listTransactions } from './transactions-repository';

const security = [{ bearerAuth: [] }];
const denied = { 401: apiError, 403: apiError };

/** Transaction Monitoring and Transaction Details (TXN-06, TXN-16). */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['transactions'];
  const preHandler = app.authorize('transactions.view');

  app.get('/all-transactions', {
    schema: {
      tags,
      security,
      summary: 'Transactions, newest first: search, status filter, pages',
      querystring: transactionListQuery,
      response: { 200: withData(paginated(transaction)), 400: apiError, ...denied },
    },
    preHandler,
    handler: async (request) => {
      const held = requireAuth(request).permissions;
      const { page, per_page } = request.query;
      const { rows, total } = await listTransactions(app.db, request.query);
      return {
        status: 'success' as const,
        data: { data: rows.map((row) => toTransaction(row, held)), ...pageWindow(page, per_page, total) },
      };
    },
  });

  app.get('/transaction-details/:id', {
    schema: {
      tags,
      security,
      summary: 'One transaction, by id or transaction id, with its refunds and the id of its dispute',
      params: transactionDetailsParams,
      response: { 200: withData(transactionDetails), 400: apiError, 404: apiError, ...denied },
    },
    preHandler,
    handler: async (request) => {
      const row = await findTransaction(app.db, request.params.id);
      if (!row) throw notFound('Transaction not found');
      const [refunds, disputeId] = await Promise.all([refundsOf(app.db, row.transaction_id), disputeIdOf(app.db, row.transaction_id)]);
      return {
        status: 'success' as const,
        data: {
          ...toTransaction(row, requireAuth(request).permissions),
          refunds: refunds.map((refund) => refund.object),
          dispute_id: disputeId,
        },
      };
    },
  });
};
