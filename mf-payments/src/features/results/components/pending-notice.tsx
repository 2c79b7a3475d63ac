import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ResultCard } from './result-card';

/** /payment-pending (PAY-13): status Pending, transaction id, optional comment, Return to Payment. */
export function PendingNotice({ transactionId, comment }: { transactionId: string | null; comment: string | undefined }) {
  return (
    <ResultCard
      title="Payment Pending"
      lead={<Typography color="text.secondary">Your payment is being processed. We will confirm it as soon as it completes.</Typography>}
      rows={[
        { label: 'Transaction ID', value: transactionId ?? 'N/A', testId: 'transaction-id' },
        { label: 'Status', value: 'Pending', testId: 'payment-status' },
      ]}
    >
      {comment ? (
        <Alert severity="info" data-testid="pending-comment">
          {comment}
        </Alert>
      ) : null}
      <Button component={RouterLink} to="/" variant="contained">
        Return to Payment
      </Button>
    </ResultCard>
  );
}
