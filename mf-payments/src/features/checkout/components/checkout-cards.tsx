import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { formatMoney } from '@paydesk/shared/format';
import { DetailRow } from '../../../components/payer-page';

export function CheckoutSkeleton() {
  return (
    <Box role="status" aria-label="Loading">
      <Skeleton variant="text" width="60%" height={40} />
      <Skeleton variant="rectangular" height={96} sx={{ my: 2, borderRadius: 1 }} />
      <Skeleton variant="rectangular" height={44} sx={{ borderRadius: 1 }} />
    </Box>
  );
}

/** 'Secure Payment': amount, customer name and e-mail, and Pay (CHK-02). */
export function SecurePaymentCard({ checkout, onPay }: { checkout: CheckoutRequest; onPay: () => void }) {
  return (
    <Box>
      <Typography variant="h5" component="h1" gutterBottom>
        Secure Payment
      </Typography>
      <Typography variant="h3" component="p" sx={{ my: 2 }} data-testid="checkout-amount">
        {formatMoney(checkout.amount)}
      </Typography>
      <DetailRow label="Customer" value={`${checkout.first_name} ${checkout.last_name}`} />
      <DetailRow label="Email" value={checkout.email} />
      <Button variant="contained" size="large" fullWidth onClick={onPay} sx={{ mt: 3 }}>
        Pay
      </Button>
    </Box>
  );
}
