import { Navigate, useLocation } from 'react-router-dom';
import { PayerPage } from '../components/payer-page';
import { SuccessReceipt } from '../features/results/components/success-receipt';
import { readResultState } from '../lib/result-state';

/** '/payment-success': back to / when the state lacks the transaction id or amount. */
export default function PaymentSuccessPage() {
  const result = readResultState(useLocation().state);
  if (!result) return <Navigate to="/" replace />;
  return (
    <PayerPage>
      <SuccessReceipt result={result} />
    </PayerPage>
  );
}
