import type { RefundObject } from '@paydesk/shared/schemas/merchant-objects';
import type { RefundRequest } from '@paydesk/shared/schemas/refund';
import { centsToDollars, numberToCents } from '@paydesk/shared/money';
import { refundEventTypes } from '@paydesk/shared/schemas/webhooks';
import { recordAudit, values, type AuditWho } from '../audit/audit-log';
import type { Db } from '../db/db';
import { conflict, notFound, type DomainError } from '../errors/domain-error';
import { randomId } from '../ids/random-id';
import { findPayment, type PaymentRow } from '../payments/payments-repository';
import { SUCCESSFUL_STATUSES } from '../payments/transaction-statuses';
import { recordEvent } from '../webhooks/outbox';
import { lockAvailableBalance, postRefund } from '../wallet/ledger';
import { insertRefund, takeRefundable } from './refunds-repository';

export interface Refunder {
  /** The staff member, or null for the merchant API. */
  userId: number | null;
  settleSeconds: number;
  /** The staff member's request, or the merchant API's (no actor). */
  audit: AuditWho;
}

export const newRefundId = () => randomId('re_', 24);

/** Why a payment cannot give the amount asked for, as the 409 the caller reads. */
function refusal(payment: Pick<PaymentRow, 'status' | 'amount_cents' | 'refunded_cents'>): DomainError {
  if (payment.status === 'refunded') return conflict('This payment is already refunded in full', 'payment_not_refundable');
  // The issuer has taken the money back, or may: a refund would pay the cardholder twice (DSP-07).
  if (payment.status === 'disputed') {
    return conflict('This payment is disputed: it cannot be refunded while its dispute is open or after it was lost', 'charge_disputed');
  }
  if (!SUCCESSFUL_STATUSES.includes(payment.status)) {
    return conflict(`Only a successful payment can be refunded; this one is ${payment.status}`, 'payment_not_refundable');
  }
  const left = payment.amount_cents - payment.refunded_cents;
  if (left === 0) return conflict('Nothing of this payment is left to refund', 'refund_exceeds_amount');
  return conflict(`Only ${centsToDollars(left)} of this payment is left to refund`, 'refund_exceeds_amount');
}

/**
 * Creates a pending refund (REF-02 to REF-04), all in the caller's transaction: the payment's
 * refundable amount is taken by one conditional update (never more than it has, under any
 * concurrency), the merchant's available balance must cover the amount (its row lock makes
 * refunds and withdrawals check it one after the other), the money leaves merchant_available, and
 * the refund.created event is written.
 */
export async function createRefund(tx: Db, who: Refunder, body: RefundRequest): Promise<RefundObject> {
  const payment = await findPayment(tx, body.transaction_id);
  if (!payment) throw notFound('No payment has this transaction_id');
  const wanted = body.amount === undefined ? null : numberToCents(body.amount);
  // The balance before the payment's row: every path takes them in this order (docs/decisions/lock-order.md).
  const available = await lockAvailableBalance(tx);
  const taken = await takeRefundable(tx, payment.transaction_id, wanted);
  if (!taken) throw refusal((await findPayment(tx, payment.transaction_id))!);
  if (taken.taken > available) {
    throw conflict(
      `Insufficient balance to refund ${centsToDollars(taken.taken)}. Available balance: ${centsToDollars(available)}`,
      'insufficient_balance',
    );
  }
  const row = await insertRefund(tx, {
    id: newRefundId(),
    transactionId: payment.transaction_id,
    amountCents: taken.taken,
    reason: body.reason,
    note: body.note ? body.note : null,
    requestedBy: who.userId,
    settleSeconds: who.settleSeconds,
  });
  await postRefund(tx, row.id, 'refund', taken.taken);
  const refund = row.object;
  await recordEvent(tx, refundEventTypes[refund.status], refund);
  await recordAudit(tx, {
    action: 'refund.issued',
    who: who.audit,
    target: { type: 'refund', id: row.id },
    changes: values({ transaction_id: payment.transaction_id, amount_cents: taken.taken, reason: body.reason, status: refund.status }),
  });
  return refund;
}
