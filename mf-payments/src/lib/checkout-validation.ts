import { open } from '@paydesk/shared/crypto/envelope';
import { checkoutRequest, type CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { validateCheckoutResponse } from '@paydesk/shared/schemas/payer-api';
import { keysFor } from './envelope-keys';
import { loadPublicConfig } from './public-config';
import { customError, publicFetch, type PublicResult } from './public-fetch';

/** GET /api/checkout/validate/{reference}: the merchant's checkout, opened from its envelope. */
export async function validateCheckout(reference: string): Promise<PublicResult<CheckoutRequest>> {
  const setup = await loadPublicConfig();
  if ('error' in setup) return setup;
  const url = `/checkout/validate/${encodeURIComponent(reference)}`;
  const answer = await publicFetch({ url }, validateCheckoutResponse, setup.data.publishableKey);
  if ('error' in answer) return answer;
  if (answer.data.status !== 'success' || !answer.data.data) return customError(answer.data.message || 'Invalid reference');
  try {
    return { data: checkoutRequest.parse(open(answer.data.data, keysFor(setup.data))) };
  } catch {
    return customError('Invalid response');
  }
}
