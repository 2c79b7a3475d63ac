import { useEffect, useRef, useState } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LazyPaymentFlow, preloadPaymentFlow } from '../app/payment-flow-loader';
import { PayerPage } from '../components/payer-page';
import type { PaymentDetails } from '../features/card-dialog/model/payment-details';
import { PayForm } from '../features/pay-form/components/pay-form';
import { payAmount } from '../features/pay-form/model/pay-form-values';
import { usePublicConfig } from '../lib/use-public-config';

/**
 * '/': the standalone pay form (PAY-01). It is usable before the card dialog, the store or
 * the toasts have loaded: they load when the payer first touches the form. No build label: a
 * payer has no use for one (operators read the builds in the remotes manifest).
 */
export default function PayFormPage() {
  const config = usePublicConfig();
  const [details, setDetails] = useState<PaymentDetails | null>(null);
  const [cardOpen, setCardOpen] = useState(false);
  const payButton = useRef<HTMLButtonElement>(null);
  // A payer who entered the form by keyboard pressed Enter in a field: the dialog would give focus
  // back to that field. The Pay button is where they were going, and what opens the dialog again.
  useEffect(() => {
    if (!cardOpen && details) payButton.current?.focus();
  }, [cardOpen, details]);
  const footer = (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 2 }} component="footer">
      Need help? {config ? <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link> : 'Contact support.'}
    </Typography>
  );
  return (
    <PayerPage footer={footer}>
      <Typography variant="h5" component="h1" gutterBottom>
        Make a Payment
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Pay securely by card in USD.
      </Typography>
      <PayForm
        onFirstTouch={preloadPaymentFlow}
        payButtonRef={payButton}
        onValid={(v) => {
          setDetails({
            amount: payAmount(v),
            first_name: v.firstName,
            last_name: v.lastName,
            email: v.email,
            phone: v.phone,
            checkoutReference: null,
          });
          setCardOpen(true);
        }}
      />
      {details ? <LazyPaymentFlow details={details} cardOpen={cardOpen} onCardClose={() => setCardOpen(false)} /> : null}
    </PayerPage>
  );
}
