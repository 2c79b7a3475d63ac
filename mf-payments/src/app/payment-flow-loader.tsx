import { lazy, Suspense, type ComponentProps } from 'react';
import type { PaymentFlow } from './payment-flow';

const load = () => import('./payment-flow');
const StoreBoundPaymentFlow = lazy(load);

/**
 * Starts loading the card dialog, 3-D Secure and the payment calls (with the store and crypto)
 * before they are needed: the pay form does it when the payer first touches it, the widget once
 * its checkout is payable. Neither page waits for them to show.
 */
export const preloadPaymentFlow = (): void => void load();

export function LazyPaymentFlow(props: ComponentProps<typeof PaymentFlow>) {
  return (
    <Suspense fallback={null}>
      <StoreBoundPaymentFlow {...props} />
    </Suspense>
  );
}
