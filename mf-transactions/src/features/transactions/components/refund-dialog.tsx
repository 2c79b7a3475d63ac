import { useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { endedBySignOut, readApiError } from '@paydesk/shared/api/api-error';
import { newIdempotencyKey } from '@paydesk/shared/api/idempotency-key';
import { formatMoney } from '@paydesk/shared/format';
import { centsToDecimal, numberToCents } from '@paydesk/shared/money';
import { refundReasons, type RefundReason } from '@paydesk/shared/schemas/merchant-objects';
import { refundFields } from '@paydesk/shared/schemas/refund';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { notify } from '@paydesk/shared/ui/notify';
import { SelectField } from '@paydesk/shared/ui/select-field';
import { useCreateRefundMutation } from '../api/transactions-api';
import { reasonLabels } from '../../../lib/refund-progress';

interface Props {
  transaction: Pick<Transaction, 'transaction_id' | 'last_four'>;
  leftCents: number;
  onClose: () => void;
}

/** Refund (REF-10): amount (what is left by default), reason and note, then a confirmation step. */
export function RefundDialog({ transaction: t, leftCents, onClose }: Props) {
  const [amount, setAmount] = useState(centsToDecimal(leftCents));
  const [reason, setReason] = useState<RefundReason>('requested_by_customer');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [createRefund, { isLoading }] = useCreateRefundMutation();
  // One key per dialog opening: a double click or a retry after a lost answer refunds once.
  const key = useRef(newIdempotencyKey());
  const parsed = refundFields.safeParse({ amount: Number(amount), reason, note: note.trim() ? note : undefined });
  const tooMuch = parsed.success && numberToCents(Number(amount)) > leftCents;
  const problem = !parsed.success
    ? (parsed.error.issues[0]?.message ?? 'Invalid refund')
    : tooMuch
      ? `At most ${formatMoney(leftCents, 'cents')} is left to refund`
      : null;

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!problem && amount.trim() !== '') setConfirming(true);
  };
  const confirm = async () => {
    if (!parsed.success || isLoading) return;
    const result = await createRefund({ transactionId: t.transaction_id, body: parsed.data, idempotencyKey: key.current });
    if (result.data) {
      notify('success', 'Refund created', `Refund of ${formatMoney(result.data.data.amount)} is on its way to the card`);
      onClose();
    } else if (!endedBySignOut(result.error)) {
      notify('error', 'Refund failed', readApiError(result.error).message ?? 'Please try again');
      setConfirming(false);
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="refund-title">
      <Box component="form" onSubmit={next} noValidate>
        <DialogTitle id="refund-title">Refund payment</DialogTitle>
        <DialogContent>
          {confirming ? (
            <Typography data-testid="refund-confirmation">
              Refund {formatMoney(Number(amount))} to the card ending {t.last_four ?? '····'}?
            </Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <Typography color="text.secondary">Left to refund: {formatMoney(leftCents, 'cents')}</Typography>
              <TextField
                label="Amount"
                value={amount}
                onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ''))}
                error={amount.trim() !== '' && problem !== null}
                helperText={amount.trim() !== '' ? problem : null}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', maxLength: 12 },
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                }}
              />
              <SelectField label="Reason" value={reason} onChange={(value) => setReason(value as RefundReason)}>
                {refundReasons.map((r) => (
                  <MenuItem key={r} value={r}>
                    {reasonLabels[r]}
                  </MenuItem>
                ))}
              </SelectField>
              <TextField
                label="Note (optional)"
                value={note}
                onChange={(event) => setNote(event.target.value)}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          {confirming ? (
            <>
              <Button onClick={() => setConfirming(false)} disabled={isLoading}>
                Back
              </Button>
              <Button variant="contained" color="error" onClick={() => void confirm()} disabled={isLoading}>
                {isLoading ? 'Refunding...' : 'Confirm refund'}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={problem !== null || amount.trim() === ''}>
                Continue
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
