import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@paydesk/shared/schemas/common';
import { idempotencyHeaders } from '@paydesk/shared/schemas/refund';
import { withdrawRequest, withdrawResponse, withdrawalsResponse, type Withdrawal } from '@paydesk/shared/schemas/wallet';
import { centsToDecimal, centsToDollars } from '@paydesk/shared/money';
import { auditWho } from '../audit/audit-log';
import { requireAuth } from '../auth/authorize';
import { retrying } from '../db/retry-transaction';
import { idempotent, sendIdempotent } from '../idempotency/idempotency-keys';
import { listWithdrawals, type WithdrawalRow } from './withdrawals-repository';
import { requestWithdrawal, sameWithdrawal } from './withdrawals-service';
import { iso, isoOrNull } from '../db/timestamps';

const security = [{ bearerAuth: [] }];
const denied = { 401: apiError, 403: apiError };

const toWire = (row: WithdrawalRow): Withdrawal => ({
  id: Number(row.id),
  amount: centsToDecimal(row.amount_cents),
  account_number: row.account_number,
  bank_name: row.bank_name,
  account_name: row.account_name,
  status: row.status,
  created_at: iso(row.created_at),
  processed_at: isoOrNull(row.processed_at),
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
        'An `Idempotency-Key` header makes a retried request answer with the first withdrawal instead of creating another ' +
        '(200, header `Idempotent-Replayed: true`); the same key with another body is refused (422). ' +
        'A pending withdrawal settles after WITHDRAWAL_SETTLE_SECONDS; in the sandbox, account numbers ending in 0000 fail and the money returns.',
      headers: idempotencyHeaders,
      body: withdrawRequest,
      response: { 200: withdrawResponse, 201: withdrawResponse, 400: apiError, 409: apiError, 422: apiError, ...denied },
    },
    // Sign-in and role before the body: a caller without access gets 401/403, never a 400.
    onRequest: app.authorize('wallet.withdraw'),
    handler: async (request, reply) => {
      const { userId } = requireAuth(request);
      // The Idempotency-Key row first, then the balance (docs/decisions/lock-order.md); the whole
      // unit, key row included, runs again after a deadlock.
      const outcome = await idempotent(
        retrying(app.db),
        { scope: `user:${userId}`, key: request.headers['idempotency-key'], request: sameWithdrawal(request.body) },
        async (tx) => {
          const withdrawal = await requestWithdrawal(
            tx,
            { userId, settleSeconds: app.config.withdrawalSettleSeconds, audit: auditWho(request) },
            request.body,
          );
          const message = `Withdrawal of ${centsToDollars(withdrawal.amount_cents)} has been submitted for processing`;
          return { statusCode: 201, body: { status: 'success', message, data: toWire(withdrawal) } };
        },
      );
      // A retry is answered 200 with the first withdrawal, the request that created it 201.
      return sendIdempotent(reply, outcome, withdrawResponse, { replayedStatus: 200 });
    },
  });
};
