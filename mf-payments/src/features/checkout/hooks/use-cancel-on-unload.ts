import { useEffect } from 'react';
import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import type { PublicConfig } from '@paydesk/shared/schemas/payer-api';
import { postToOpener } from '../../../lib/opener';

/**
 * Widget close (CHK-06): leaving the page records the checkout as cancelled and tells the
 * opener. It is a plain fetch with keepalive because the page is going away (sendBeacon cannot
 * carry the bearer header). Moving on to a result page unmounts this, so a payment that went on
 * is never cancelled.
 */
export function useCancelOnUnload(checkout: CheckoutRequest | undefined, config: PublicConfig | undefined, payable: boolean): void {
  useEffect(() => {
    if (!checkout || !config || !payable) return undefined;
    let sent = false;
    const cancel = () => {
      if (sent) return;
      sent = true;
      void fetch('/api/update-checkout-status', {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.publishableKey}` },
        body: JSON.stringify({ reference: checkout.reference, status: 'cancelled' }),
      }).catch(() => undefined);
      postToOpener({ type: 'PAYMENT_CANCELLED', reference: checkout.reference }, checkout.callback_url);
    };
    window.addEventListener('pagehide', cancel);
    return () => window.removeEventListener('pagehide', cancel);
  }, [checkout, config, payable]);
}
