import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PaymentFlow } from '../app/payment-flow';
import { PayerPage } from '../components/payer-page';
import { CheckoutProblemCard, CheckoutSkeleton, SecurePaymentCard } from '../features/checkout/components/checkout-cards';
import { useCancelOnUnload } from '../features/checkout/hooks/use-cancel-on-unload';
import { useCheckout } from '../features/checkout/hooks/use-checkout';
import { usePublicConfigQuery } from '../lib/public-config-api';

/** '/checkout/{reference}': the hosted checkout widget (spec point 2). */
export default function CheckoutPage() {
  const { reference } = useParams();
  const { data: config } = usePublicConfigQuery();
  const { state, retry } = useCheckout(reference);
  const [cardOpen, setCardOpen] = useState(false);
  const checkout = state.kind === 'payable' ? state.checkout : undefined;
  useCancelOnUnload(checkout, config, checkout !== undefined);

  return (
    <PayerPage>
      {state.kind === 'loading' ? <CheckoutSkeleton /> : null}
      {state.kind === 'problem' ? <CheckoutProblemCard problem={state.problem} onRetry={retry} /> : null}
      {checkout ? (
        <>
          <SecurePaymentCard checkout={checkout} onPay={() => setCardOpen(true)} />
          <PaymentFlow
            details={{ ...checkout, checkoutReference: checkout.reference }}
            cardOpen={cardOpen}
            onCardClose={() => setCardOpen(false)}
          />
        </>
      ) : null}
    </PayerPage>
  );
}
