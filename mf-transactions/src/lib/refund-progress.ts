import { formatMoney } from '@paydesk/shared/format';
import { centsOf as cents } from '@paydesk/shared/money';
import type { RefundReason } from '@paydesk/shared/schemas/merchant-objects';
import type { Transaction } from '@paydesk/shared/schemas/transaction';

/** What is still left to refund of a successful payment, in cents (0 for any other status). */
export function leftToRefundCents(t: Pick<Transaction, 'status' | 'payment_amount' | 'amount_refunded'>): number {
  if (t.status !== 'completed' && t.status !== 'success') return 0;
  return Math.max(0, cents(t.payment_amount) - cents(t.amount_refunded));
}

/** "Refunded $20.00 of $50.00" for a partly refunded payment; null when nothing or everything is refunded (REF-05). */
export function partialRefundLabel(t: Pick<Transaction, 'payment_amount' | 'amount_refunded'>): string | null {
  const refunded = cents(t.amount_refunded);
  if (refunded === 0 || refunded >= cents(t.payment_amount)) return null;
  return `Refunded ${formatMoney(t.amount_refunded)} of ${formatMoney(t.payment_amount)}`;
}

export const reasonLabels: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by customer',
  duplicate: 'Duplicate',
  fraudulent: 'Fraudulent',
  other: 'Other',
};
