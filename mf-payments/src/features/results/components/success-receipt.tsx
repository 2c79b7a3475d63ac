import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import { formatMoney } from '@paydesk/shared/format';
import type { ResultState } from '../../../lib/result-state';
import { ResultCard, resultDate } from './result-card';

/** /payment-success (PAY-12): transaction id, date, status Completed, Go Back to /. */
export function SuccessReceipt({ result }: { result: ResultState }) {
  return (
    <ResultCard
      title="Payment Successful"
      rows={[
        { label: 'Transaction ID', value: result.transactionId, testId: 'transaction-id' },
        { label: 'Amount', value: formatMoney(result.amount) },
        { label: 'Date', value: resultDate(result.date) },
        { label: 'Status', value: 'Completed', testId: 'payment-status' },
      ]}
    >
      <Button component={RouterLink} to="/" variant="contained">
        Go Back
      </Button>
    </ResultCard>
  );
}
