import { CHALLENGE_PROCESSOR, CHALLENGE_REDIRECT_CODE, DEMO_THREE_DS_TYPE } from '@paydesk/shared/schemas/payer-api';
import type { TransactionResult } from '@paydesk/shared/schemas/payment';
import type { ResultState } from './result-state';

/** What a transaction result asks of the payer page (PAY-08). */
export type Outcome =
  | { kind: 'success' }
  | { kind: 'pending' }
  | { kind: 'challenge'; redirectHtml: string }
  | { kind: 'demo' }
  | { kind: 'failure'; reason: string };

export const FAILURE_FALLBACK = 'Payment processing failed. Please try again.';

export const isCompleted = (result: TransactionResult): boolean =>
  result.status === 'completed' || (result.statusOk && result.paymentCompleted);

export function outcomeOf(result: TransactionResult): Outcome {
  if (isCompleted(result)) return { kind: 'success' };
  if (result.status === 'pending') return { kind: 'pending' };
  if (result.status === 'pending_3d') {
    const content = result.response_content;
    if (result.processor === CHALLENGE_PROCESSOR && content.code === CHALLENGE_REDIRECT_CODE && content.redirectHtml) {
      return { kind: 'challenge', redirectHtml: content.redirectHtml };
    }
    // An auto-execute script (content.data.script) is never run: the page runs no code it is sent.
    if (content.data?.type === DEMO_THREE_DS_TYPE) return { kind: 'demo' };
  }
  return { kind: 'failure', reason: result.response_message || FAILURE_FALLBACK };
}

/** The outcome after a 3-D Secure step: the one requery decides (PAY-09). */
export function outcomeAfterChallenge(result: TransactionResult): Outcome {
  if (result.paymentCompleted || result.status === 'completed') return { kind: 'success' };
  if (result.status === 'pending') return { kind: 'pending' };
  return { kind: 'failure', reason: result.response_message || FAILURE_FALLBACK };
}

export interface Destination {
  to: string;
  state?: ResultState;
}

const stateOf = (result: TransactionResult, extra: Partial<ResultState> = {}): ResultState => ({
  transactionId: result.transaction_id,
  amount: result.payment_amount,
  date: new Date().toISOString(),
  ...extra,
});

/** The checkout reference a result belongs to, if any. */
export const checkoutReferenceOf = (result: TransactionResult, fallback: string | null = null): string | null =>
  result.checkout_request?.reference ?? fallback;

export function successDestination(result: TransactionResult, checkoutReference: string | null): Destination {
  const reference = checkoutReferenceOf(result, checkoutReference);
  if (reference) return { to: `/checkout-success/${encodeURIComponent(reference)}`, state: stateOf(result, { status: 'completed' }) };
  return { to: '/payment-success', state: stateOf(result) };
}

export function pendingDestination(result: TransactionResult): Destination {
  return {
    to: `/payment-pending?transaction_id=${encodeURIComponent(result.transaction_id)}`,
    state: stateOf(result, { message: result.response_message || undefined }),
  };
}

export function failureDestination(transactionId: string, amount: string | number, reason: string): Destination {
  return { to: '/payment-failure', state: { transactionId, amount, reason, date: new Date().toISOString() } };
}
