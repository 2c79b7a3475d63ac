import Alert from '@mui/material/Alert';
import { formatMoney } from '@paydesk/shared/format';
import type { ResultState } from '../../../lib/result-state';
import { useCheckoutSuccess } from '../hooks/use-checkout-success';
import { ResultCard, resultDate } from './result-card';

/** /checkout-success/{reference} (CHK-07): reference, id, date, Completed or Processing. */
export function CheckoutReceipt({ reference, result }: { reference: string; result: ResultState }) {
  const { status, countdown } = useCheckoutSuccess(reference, result);
  return (
    <ResultCard
      title={status === 'completed' ? 'Payment Successful' : 'Payment Processing'}
      rows={[
        { label: 'Reference', value: reference, testId: 'checkout-reference' },
        { label: 'Transaction ID', value: result.transactionId, testId: 'transaction-id' },
        { label: 'Amount', value: formatMoney(result.amount) },
        { label: 'Date', value: resultDate(result.date) },
        { label: 'Status', value: status === 'completed' ? 'Completed' : 'Processing', testId: 'payment-status' },
      ]}
    >
      {countdown !== null ? (
        <Alert severity="info" data-testid="redirect-countdown">
          Redirecting in {countdown} second{countdown === 1 ? '' : 's'}...
        </Alert>
      ) : null}
    </ResultCard>
  );
}
