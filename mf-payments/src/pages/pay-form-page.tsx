import { useState } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BuildTag } from '@paydesk/shared/ui/page-header';
import { PaymentFlow } from '../app/payment-flow';
import { PayerPage } from '../components/payer-page';
import type { PaymentDetails } from '../features/card-dialog/model/payment-details';
import { PayForm } from '../features/pay-form/components/pay-form';
import { usePublicConfigQuery } from '../lib/public-config-api';

/** '/': the standalone pay form (spec point 2). */
export default function PayFormPage() {
  const { data: config } = usePublicConfigQuery();
  const [details, setDetails] = useState<PaymentDetails | null>(null);
  const [cardOpen, setCardOpen] = useState(false);

  const footer = (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 2 }} component="footer">
      Need help? {config ? <Link href={`mailto:${config.supportEmail}`}>{config.supportEmail}</Link> : 'Contact support.'}
    </Typography>
  );
  return (
    <PayerPage footer={footer}>
      <Typography variant="h5" component="h1" gutterBottom>Make a Payment</Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>Pay securely by card in USD.</Typography>
      <PayForm
        onValid={(v) => {
          setDetails({ amount: Number(v.amount), first_name: v.firstName, last_name: v.lastName, email: v.email, phone: v.phone, checkoutReference: null });
          setCardOpen(true);
        }}
      />
      {details ? <PaymentFlow details={details} cardOpen={cardOpen} onCardClose={() => setCardOpen(false)} /> : null}
      <BuildTag remote="mf-payments" build={process.env.PAYDESK_BUILD} />
    </PayerPage>
  );
}
