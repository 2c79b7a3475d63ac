import { useLocation, useSearchParams } from 'react-router-dom';
import { WithStore } from '@paydesk/shared/ui/with-store';
import { PayerPage } from '../components/payer-page';
import { PendingNotice } from '../features/results/components/pending-notice';
import { usePendingRequery } from '../features/results/hooks/use-pending-requery';
import { readResultState } from '../lib/result-state';

/** '/payment-pending': the id comes from ?transaction_id= or from the navigation state. */
function PendingPage() {
  const [params] = useSearchParams();
  const state = readResultState(useLocation().state);
  const transactionId = params.get('transaction_id') || state?.transactionId || null;
  const { latest } = usePendingRequery(transactionId);
  return (
    <PayerPage>
      <PendingNotice transactionId={transactionId} comment={state?.message || latest?.response_message || undefined} />
    </PayerPage>
  );
}

export default function PaymentPendingPage() {
  return (
    <WithStore>
      <PendingPage />
    </WithStore>
  );
}
