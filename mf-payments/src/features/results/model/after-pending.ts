import type { TransactionResult } from '@paydesk/shared/schemas/payment';
import { FAILURE_FALLBACK, failureDestination, isCompleted, successDestination, type Destination } from '../../../lib/outcome';

/**
 * Where the pending page sends the payer after its one requery (PAY-13):
 * completed to success (checkout success when the payment belongs to a checkout request), failed
 * to failure with the reason. A payment still pending stays, except in a checkout: the widget then
 * moves on to the checkout receipt as Processing, so the merchant's window hears PAYMENT_PENDING.
 */
export function afterPending(result: TransactionResult): Destination | null {
  if (isCompleted(result)) return successDestination(result, null);
  const reference = result.checkout_request?.reference;
  if (result.status === 'pending' || result.status === 'pending_3d') {
    if (!reference) return null;
    return {
      to: `/checkout-success/${encodeURIComponent(reference)}`,
      state: { transactionId: result.transaction_id, amount: result.payment_amount, status: 'pending', date: new Date().toISOString() },
    };
  }
  return failureDestination(result.transaction_id, result.payment_amount, result.response_message || FAILURE_FALLBACK);
}
