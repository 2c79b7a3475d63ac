import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@paydesk/shared/schemas/common';
import { withdrawRequest, withdrawResponse, withdrawalsResponse, type Withdrawal } from '@paydesk/shared/schemas/wallet';
import { centsToDecimal } from '@paydesk/shared/money';
import { auditWho } from '../audit/audit-log';
import { requireAuth } from '../auth/authorize';
import { listWithdrawals, type WithdrawalRow } from './withdrawals-repository';
import { dollars, requestWithdrawal } from './withdrawals-service';

const security = [{ bearerAuth: [] }];
const denied = { 401: apiError, 403: apiError };
const withdrawHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(255).optional(),
});

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

const toWire = (row: WithdrawalRow): Withdrawal => ({
  id: Number(row.id),
  amount: centsToDecimal(Number(row.amount_cents)),
  account_number: row.account_number,
  bank_name: row.bank_name,
  account_name: row.account_name,
  status: row.status,
  created_at: iso(row.created_at)!,
  processed_at: iso(row.processed_at),
  transaction_id: row.reference,
  reason: row.note,
  failure_reason: row.failure_reason,
});

/** Withdrawals (WAL-09): the list and the request. The balance is GET /wallet-balance. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['wallet'];

  app.get('/withdrawals', {
    schema: { tags, security, summary: 'Withdrawals, newest first', response: { 200: withdrawalsResponse, ...denied } },
    onRequest: app.authorize('wallet.view'),
    handler: async () => ({ status: 'success' as const, data: (await listWithdrawals(app.db)).map(toWire) }),
  });

  app.post('/withdraw', {
    schema: {
      tags,
      security,
      summary: 'Request a withdrawal: the amount moves from available to pending at once',
      description:
        'An `Idempotency-Key` header makes a retried request answer with the first withdrawal instead of creating another. ' +
        'A pending withdrawal settles after WITHDRAWAL_SETTLE_SECONDS; in the sandbox, account numbers ending in 0000 fail and the money returns.',
      headers: withdrawHeaders,
      body: withdrawRequest,
      response: { 200: withdrawResponse, 201: withdrawResponse, 400: apiError, 409: apiError, ...denied },
    },
    // Sign-in and role before the body: a caller without access gets 401/403, never a 400.
    onRequest: app.authorize('wallet.withdraw'),
    handler: async (request, reply) => {
      const { withdrawal, created } = await requestWithdrawal(
        app.db,
        {
          userId: requireAuth(request).userId,
          idempotencyKey: request.headers['idempotency-key'],
          settleSeconds: app.config.withdrawalSettleSeconds,
          audit: auditWho(request),
        },
        request.body,
      );
      if (!created) reply.header('idempotent-replayed', 'true');
      return reply.code(created ? 201 : 200).send({
        status: 'success',
        message: `Withdrawal of ${dollars(Number(withdrawal.amount_cents))} has been submitted for processing`,
        data: toWire(withdrawal),
      });
    },
  });
};
