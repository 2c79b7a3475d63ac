import { Navigate, useLocation } from 'react-router-dom';
import { PayerPage } from '../components/payer-page';
import { FailureReceipt } from '../features/results/components/failure-receipt';
import { usePublicConfig } from '../lib/use-public-config';
import { readResultState } from '../lib/result-state';

/** '/payment-failure': back to / when the state lacks the transaction id or amount. */
export default function PaymentFailurePage() {
  const result = readResultState(useLocation().state);
  const config = usePublicConfig();
  if (!result) return <Navigate to="/" replace />;
  return (
    <PayerPage>
      <FailureReceipt result={result} supportEmail={config?.supportEmail} />
    </PayerPage>
  );
}
