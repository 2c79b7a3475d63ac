import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { readApiError } from '@paydesk/shared/api/api-error';
import { checkoutIsPayable } from '@paydesk/shared/first-view-slots';
import { publicErrorMessage } from '../../../lib/public-fetch';

/** Which card the widget shows instead of the Secure Payment card (CHK-02, ERR-01 to ERR-04). */
export interface CheckoutProblem {
  card: 'Invalid Reference' | 'Payment Error';
  message: string;
}

/** A checkout that loaded but may not be paid: completed, failed, or an amount not above 0. */
export function checkoutRefusal(checkout: CheckoutRequest): CheckoutProblem | null {
  if (checkoutIsPayable(checkout)) return null;
  if (checkout.status === 'completed') return { card: 'Payment Error', message: 'This payment has already been completed' };
  if (checkout.status === 'failed') return { card: 'Payment Error', message: 'This payment has failed' };
  return { card: 'Payment Error', message: 'Invalid payment amount' };
}

/**
 * A reference the API does not know (400/404) gets the Invalid Reference card; anything else
 * (the network, a 5xx, an answer that does not open) gets Payment Error with Try Again.
 */
export function validationProblem(error: unknown): CheckoutProblem {
  const { status } = readApiError(error);
  if (status === 400 || status === 404) return { card: 'Invalid Reference', message: publicErrorMessage(error, 'Invalid reference') };
  return {
    card: 'Payment Error',
    message: publicErrorMessage(error, 'Failed to validate reference', 'Unable to validate reference. Please try again.'),
  };
}

export const missingReference: CheckoutProblem = { card: 'Invalid Reference', message: 'Invalid reference provided' };
