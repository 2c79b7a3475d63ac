import { Navigate, useLocation, useParams } from 'react-router-dom';
import { WithStore } from '@paydesk/shared/ui/with-store';
import { PayerPage } from '../components/payer-page';
import { CheckoutReceipt } from '../features/results/components/checkout-receipt';
import { readResultState } from '../lib/result-state';

/** '/checkout-success/{reference}': a receipt needs the transaction the flow handed over. */
export default function CheckoutSuccessPage() {
  const { reference } = useParams();
  const result = readResultState(useLocation().state);
  if (!reference || !result) return <Navigate to="/" replace />;
  return (
    <PayerPage>
      <WithStore>
        <CheckoutReceipt reference={reference} result={result} />
      </WithStore>
    </PayerPage>
  );
}
