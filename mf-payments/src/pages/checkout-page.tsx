import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { LazyPaymentFlow, preloadPaymentFlow } from '../app/payment-flow-loader';
import { PayerPage } from '../components/payer-page';
import { CheckoutSkeleton, SecurePaymentCard } from '../features/checkout/components/checkout-cards';
import { useCancelOnUnload } from '../features/checkout/hooks/use-cancel-on-unload';
import { useCheckout } from '../features/checkout/hooks/use-checkout';
import { reportLeavingFromPage } from '../features/checkout/model/leave-report';
import { usePublicConfig } from '../lib/use-public-config';

/** Shown only when the checkout cannot be paid, so it is not part of the widget's first load. */
const CheckoutProblemCard = lazy(async () => ({
  default: (await import('../features/checkout/components/checkout-problem-card')).CheckoutProblemCard,
}));

// As the page's module runs, before the page renders: the widget the server painted is already
// on screen, and closing it must reach the merchant as PAYMENT_CANCELLED (leave-report.ts).
if (typeof window !== 'undefined') reportLeavingFromPage(window.location.pathname);

/** '/checkout/{reference}': the hosted checkout widget (CHK-02). */
export default function CheckoutPage() {
  const { reference } = useParams();
  const config = usePublicConfig();
  const { state, retry } = useCheckout(reference);
  const [cardOpen, setCardOpen] = useState(false);
  const checkout = state.kind === 'payable' ? state.checkout : undefined;
  useCancelOnUnload(checkout, config?.publishableKey);
  // The card dialog comes next: fetch it while the payer reads the amount.
  useEffect(() => {
    if (checkout) preloadPaymentFlow();
  }, [checkout]);
  return (
    <PayerPage>
      {state.kind === 'loading' ? <CheckoutSkeleton /> : null}
      {state.kind === 'problem' ? (
        <Suspense fallback={<CheckoutSkeleton />}>
          <CheckoutProblemCard problem={state.problem} onRetry={retry} />
        </Suspense>
      ) : null}
      {checkout ? (
        <>
          <SecurePaymentCard checkout={checkout} onPay={() => setCardOpen(true)} />
          <LazyPaymentFlow
            details={{ ...checkout, checkoutReference: checkout.reference }}
            cardOpen={cardOpen}
            onCardClose={() => setCardOpen(false)}
          />
        </>
      ) : null}
    </PayerPage>
  );
}
