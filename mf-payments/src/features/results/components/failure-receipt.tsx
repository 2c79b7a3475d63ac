import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ResultState } from '../../../lib/result-state';
import { FAILURE_FALLBACK } from '../../../lib/outcome';
import { ResultCard, resultDate } from './result-card';

/** /payment-failure (PAY-14): Failure Reason, id, date, status Failed, Try Again, Need Help. */
export function FailureReceipt({ result, supportEmail }: { result: ResultState; supportEmail: string | undefined }) {
  return (
    <ResultCard
      title="Payment Failed"
      lead={
        <Alert severity="error" sx={{ mt: 1 }}>
          <AlertTitle>Failure Reason</AlertTitle>
          <span data-testid="failure-reason">{result.reason || FAILURE_FALLBACK}</span>
        </Alert>
      }
      rows={[
        { label: 'Transaction ID', value: result.transactionId, testId: 'transaction-id' },
        { label: 'Date', value: resultDate(result.date) },
        { label: 'Status', value: 'Failed', testId: 'payment-status' },
      ]}
    >
      <Button component={RouterLink} to="/" variant="contained">
        Try Again
      </Button>
      <Button variant="outlined" href={supportEmail ? `mailto:${supportEmail}` : undefined} disabled={!supportEmail}>
        Need Help
      </Button>
    </ResultCard>
  );
}
