import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/db';
import { settleDueRefunds } from '../src/refunds/refund-settlement';
import type { TestApp } from './helper';
import { bearer } from './helper';
import { payerClient } from './payments-client';

export const VISA = '4242424242424242';
export const REFUND_FAILS = '4000000000005126';

/** A successful payment of `amount` dollars with `card`; its transaction id. */
export async function paidPayment(t: TestApp, amount: number, card = VISA): Promise<string> {
  const { result, ids } = await payerClient(t.app, t.config).pay(card, { amount });
  if (!result?.paymentCompleted) throw new Error(`the payment did not succeed: ${JSON.stringify(result)}`);
  return ids.transactionId;
}

/** The merchant API's refund calls, with the secret key. */
export function merchantRefunds(app: FastifyInstance, secretKey: string) {
  const headers = bearer(secretKey);
  return {
    create: (body: unknown, idempotencyKey?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/refunds',
        headers: { ...headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        payload: body as object,
      }),
    get: (id: string) => app.inject({ url: `/api/refunds/${encodeURIComponent(id)}`, headers }),
  };
}

/** The back office's refund call and the details it shows, with a staff member's token. */
export function staffRefunds(app: FastifyInstance, token: string) {
  const headers = bearer(token);
  return {
    create: (transactionId: string, body: unknown, idempotencyKey?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/backend/transactions/${transactionId}/refunds`,
        headers: { ...headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
        payload: body as object,
      }),
    details: async (transactionId: string) =>
      (await app.inject({ url: `/api/backend/transaction-details/${transactionId}`, headers })).json().data as {
        status: string;
        amount_refunded: string;
        payment_amount: string;
        refunds: { id: string; status: string; amount: string; requested_by: string }[];
      },
  };
}

/** Makes every pending refund due now and settles them, as the periodic job would. */
export async function settleNow(t: TestApp): Promise<number> {
  await t.db.query(`update refunds set settle_at = now() where status = 'pending'`);
  return settleDueRefunds(t.db, t.config.fingerprintKey);
}

/** Sum of a payment's refunds by status, straight from the table. */
export async function refundSums(
  db: Db,
  transactionId: string,
): Promise<{ count: number; pending: number; succeeded: number; failed: number; taken: number }> {
  const [row] = await db.query<{ count: number; pending: number; succeeded: number; failed: number; taken: number }>(
    `select count(*)::int as count,
            coalesce(sum(amount_cents) filter (where status = 'pending'), 0)::int as pending,
            coalesce(sum(amount_cents) filter (where status = 'succeeded'), 0)::int as succeeded,
            coalesce(sum(amount_cents) filter (where status = 'failed'), 0)::int as failed,
            (select refunded_cents::int from transactions where transaction_id = $1) as taken
       from refunds where transaction_id = $1`,
    [transactionId],
  );
  return row!;
}

/** The outbox's events about a refund, oldest first. */
export const eventsOf = (db: Db, refundId: string) =>
  db.query<{ type: string; object: { status: string; amount: string } }>(
    `select type, object from webhook_events where object->>'id' = $1 order by created_at, id`,
    [refundId],
  );
