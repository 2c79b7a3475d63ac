import { matchPath } from 'react-router-dom';
import { checkoutIsPayable } from '@paydesk/shared/first-view-slots';
import { publicPaths } from '@paydesk/shared/routes';
import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { checkoutInPage } from '../../../lib/checkout-validation';
import { postToOpener } from '../../../lib/opener';
import { publicConfigNow } from '../../../lib/public-config';

interface Leaving {
  checkout: CheckoutRequest;
  publishableKey: string;
}

let armed: Leaving | undefined;
let listening = false;

/**
 * Widget close (CHK-06): leaving the page records the checkout as cancelled and tells the opener,
 * once. A plain fetch with keepalive, because the page is going away (sendBeacon cannot carry the
 * bearer header).
 */
function reportLeaving(): void {
  if (!armed) return;
  const { checkout, publishableKey } = armed;
  armed = undefined;
  void fetch('/api/update-checkout-status', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${publishableKey}` },
    body: JSON.stringify({ reference: checkout.reference, status: 'cancelled' }),
  }).catch(() => undefined);
  postToOpener({ type: 'PAYMENT_CANCELLED', reference: checkout.reference }, checkout.callback_url);
}

/** From now on, leaving the page reports this checkout as cancelled. */
export function reportLeavingOf(checkout: CheckoutRequest, publishableKey: string): void {
  armed = { checkout, publishableKey };
  if (listening) return;
  window.addEventListener('pagehide', reportLeaving);
  listening = true;
}

/** Leaving no longer reports this checkout: the page moved on from it (a result page, say). */
export function stopReportingLeavingOf(reference: string): void {
  if (armed?.checkout.reference === reference) armed = undefined;
}

/**
 * Reports leaving from the checkout the server painted in the page, when it may be paid, before
 * the page's first render: the painted widget is on screen well before then, and a payer who
 * closes it meanwhile has left it as surely as one who closes it later.
 */
export function reportLeavingFromPage(pathname: string): void {
  const reference = matchPath(publicPaths.checkout, pathname)?.params.reference;
  const publishableKey = publicConfigNow()?.publishableKey;
  const result = reference === undefined ? undefined : checkoutInPage(reference);
  if (publishableKey && result && 'data' in result && checkoutIsPayable(result.data)) reportLeavingOf(result.data, publishableKey);
}
