import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { brandLabel, CARD_NUMBER_FIELD_MAX, cvvLengths, digitsOnly, EXPIRY_FIELD_MAX } from '@paydesk/shared/cards/card-rules';
import { formatMoney } from '@paydesk/shared/format';
import { DetailRow } from '../../../components/payer-page';
import { useCardFields } from '../hooks/use-card-fields';
import { useCardPayment, type CardPaymentCallbacks } from '../hooks/use-card-payment';
import type { PaymentDetails } from '../model/payment-details';

interface CardDialogProps extends CardPaymentCallbacks {
  details: PaymentDetails;
  onClose: () => void;
}

/** 'Card Payment' (PAY-05). Mounted while open, so each opening starts empty. */
export function CardDialog({ details, onClose, onResult, onError }: CardDialogProps) {
  const { card, brand, valid, allValid, setCardNumber, setExpiry, setCvv } = useCardFields();
  const { initialised, processing, initialise, pay } = useCardPayment(details, { onResult, onError });
  const [touched, setTouched] = useState({ cardNumber: false, expiry: false, cvv: false });
  const touch = (field: keyof typeof touched) => setTouched((t) => ({ ...t, [field]: true }));

  const digits = digitsOnly(card.cardNumber);
  const refusal = initialised?.digits === digits && initialised.kind === 'refused' ? initialised : null;
  const blocked = refusal?.final === true;
  const close = () => {
    if (!processing) onClose();
  };
  const canPay = allValid && !processing && !blocked;
  // A form, so Enter in any field pays as the Pay USD button does (when it may).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canPay) void pay(card);
  };

  return (
    <Dialog
      open
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="card-dialog-title"
      slotProps={{ paper: { component: 'form', onSubmit: submit } }}
    >
      <DialogTitle id="card-dialog-title">Card Payment</DialogTitle>
      <DialogContent>
        <Box sx={{ mb: 2 }}>
          <DetailRow label="Amount" value={formatMoney(details.amount)} testId="card-dialog-amount" />
          <DetailRow label="Payee" value={`${details.first_name} ${details.last_name}`} />
          {details.checkoutReference ? <DetailRow label="Reference" value={details.checkoutReference} /> : null}
        </Box>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <TextField
            label="Card Number"
            value={card.cardNumber}
            onChange={(e) => setCardNumber(e.target.value)}
            onBlur={() => {
              touch('cardNumber');
              if (valid.cardNumber) void initialise(digits);
            }}
            error={touched.cardNumber && !valid.cardNumber}
            helperText={touched.cardNumber && !valid.cardNumber ? 'Invalid card number' : undefined}
            placeholder="1234 5678 9012 3456"
            autoComplete="cc-number"
            slotProps={{
              htmlInput: { maxLength: CARD_NUMBER_FIELD_MAX, inputMode: 'numeric' },
              input:
                brand === 'unknown' ? undefined : { endAdornment: <InputAdornment position="end">{brandLabel(brand)}</InputAdornment> },
            }}
          />
          {refusal ? (
            <Alert severity="error" role="alert">
              {refusal.message}
            </Alert>
          ) : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
            <TextField
              label="Expiry (MM/YY)"
              value={card.expiry}
              onChange={(e) => setExpiry(e.target.value)}
              onBlur={() => touch('expiry')}
              error={touched.expiry && !valid.expiry}
              helperText={touched.expiry && !valid.expiry ? 'Invalid expiry date' : undefined}
              placeholder="MM/YY"
              autoComplete="cc-exp"
              slotProps={{ htmlInput: { maxLength: EXPIRY_FIELD_MAX, inputMode: 'numeric' } }}
            />
            <TextField
              label="CVV"
              value={card.cvv}
              onChange={(e) => setCvv(e.target.value)}
              onBlur={() => touch('cvv')}
              error={touched.cvv && !valid.cvv}
              helperText={touched.cvv && !valid.cvv ? 'Invalid CVV' : undefined}
              autoComplete="cc-csc"
              slotProps={{ htmlInput: { maxLength: Math.max(...cvvLengths(brand)), inputMode: 'numeric' } }}
            />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={close} disabled={processing}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!canPay}
          startIcon={processing ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Pay USD
        </Button>
      </DialogActions>
    </Dialog>
  );
}
