import { Navigate, useLocation } from 'react-router-dom';
import { PayerPage } from '../components/payer-page';
import { FailureReceipt } from '../features/results/components/failure-receipt';
import { usePublicConfigQuery } from '../lib/public-config-api';
import { readResultState } from '../lib/result-state';

/** '/payment-failure': back to / when the state lacks the transaction id or amount. */
export default function PaymentFailurePage() {
  const result = readResultState(useLocation().state);
  const { data: config } = usePublicConfigQuery();
  if (!result) return <Navigate to="/" replace />;
  return (
    <PayerPage>
      <FailureReceipt result={result} supportEmail={config?.supportEmail} />
    </PayerPage>
  );
}
