import { open } from '@paydesk/shared/crypto/envelope';
import { checkoutRequest, type CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { validateCheckoutResponse, type PublicConfig } from '@paydesk/shared/schemas/payer-api';
import { keysFor } from './envelope-keys';
import { forgetPageAnswer, pageAnswer } from './page-answers';
import { loadPublicConfig, publicConfigNow } from './public-config';
import { customError, parsedAnswer, publicFetch, type PublicResult } from './public-fetch';

const urlOf = (reference: string) => `/checkout/validate/${encodeURIComponent(reference)}`;

/** The checkout in a validation answer, opened from its envelope. */
function checkoutOf(answer: PublicResult<{ status: string; message: string; data?: string | null }>, setup: PublicConfig) {
  if ('error' in answer) return answer;
  if (answer.data.status !== 'success' || !answer.data.data) return customError(answer.data.message || 'Invalid reference');
  try {
    return { data: checkoutRequest.parse(open(answer.data.data, keysFor(setup))) };
  } catch {
    return customError('Invalid response');
  }
}

/** GET /api/checkout/validate/{reference}: the merchant's checkout, opened from its envelope. */
export async function validateCheckout(reference: string): Promise<PublicResult<CheckoutRequest>> {
  const setup = await loadPublicConfig();
  if ('error' in setup) return setup;
  return checkoutOf(await publicFetch({ url: urlOf(reference) }, validateCheckoutResponse, setup.data.publishableKey), setup.data);
}

/**
 * The same answer, as the server sent it in the widget's page with its first view (page-answers.ts),
 * opened the same way: the page's first render shows the painted checkout, with no skeleton and no
 * round trip. Undefined when the page carries none.
 */
export function checkoutInPage(reference: string): PublicResult<CheckoutRequest> | undefined {
  const setup = publicConfigNow();
  const body = setup && pageAnswer(urlOf(reference));
  return body === undefined || !setup ? undefined : checkoutOf(parsedAnswer(body, validateCheckoutResponse), setup);
}

/** Once the page has shown it: a later validation (Try Again, the widget shown again) asks the API. */
export const forgetCheckoutInPage = (reference: string): void => forgetPageAnswer(urlOf(reference));
