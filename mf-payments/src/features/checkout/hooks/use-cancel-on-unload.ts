import { useEffect } from 'react';
import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { reportLeavingOf, stopReportingLeavingOf } from '../model/leave-report';

/**
 * Widget close (CHK-06) while the widget shows a checkout that may be paid: leaving the page
 * reports it cancelled (leave-report.ts). Moving on to a result page unmounts this, so a payment
 * that went on is never cancelled. Until the key has loaded, what the page armed from the painted
 * checkout stays armed.
 */
export function useCancelOnUnload(checkout: CheckoutRequest | undefined, publishableKey: string | undefined): void {
  useEffect(() => {
    if (!checkout) return undefined;
    if (publishableKey) reportLeavingOf(checkout, publishableKey);
    return () => stopReportingLeavingOf(checkout.reference);
  }, [checkout, publishableKey]);
}
