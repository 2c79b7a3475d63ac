import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CheckoutProblem } from '../model/checkout-problem';

/** 'Payment Error' (message and Try Again) or 'Invalid Reference' (CHK-02, ERR-04). */
export function CheckoutProblemCard({ problem, onRetry }: { problem: CheckoutProblem; onRetry: () => void }) {
  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        {problem.card}
      </Typography>
      <Alert severity="error" sx={{ mb: 2 }}>
        {problem.message}
      </Alert>
      {problem.card === 'Payment Error' ? (
        <Button variant="contained" onClick={onRetry} fullWidth>
          Try Again
        </Button>
      ) : null}
    </Box>
  );
}
