import { useRef, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { endedBySignOut, readApiError } from '@paydesk/shared/api/api-error';
import { newIdempotencyKey } from '@paydesk/shared/api/idempotency-key';
import { formatMoney } from '@paydesk/shared/format';
import { centsToDecimal, centsToNumber, decimalToCents, hasPartOfACent } from '@paydesk/shared/money';
import { PART_OF_A_CENT_MESSAGE } from '@paydesk/shared/schemas/cents';
import { refundReasons, type RefundReason } from '@paydesk/shared/schemas/merchant-objects';
import { refundFields } from '@paydesk/shared/schemas/refund';
import type { Transaction } from '@paydesk/shared/schemas/transaction';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
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
  // The amount is read from its digits, never through a float of the text; the rules then say
  // what is wrong with it. A part of a cent has no cents to read, and the rule's own words.
  const cents = decimalToCents(amount);
  const parsed = refundFields.safeParse({
    amount: cents === undefined ? Number.NaN : centsToNumber(cents),
    reason,
    note: note.trim() ? note : undefined,
  });
  const problem = hasPartOfACent(amount)
    ? PART_OF_A_CENT_MESSAGE
    : !parsed.success
      ? (parsed.error.issues[0]?.message ?? 'Invalid refund')
      : cents !== undefined && cents > leftCents
        ? `At most ${formatMoney(leftCents, 'cents')} is left to refund`
        : null;

  const next = () => {
    if (!problem && amount.trim() !== '') setConfirming(true);
  };
  const confirm = async () => {
    if (!parsed.success) return;
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
    <FormDialog
      title="Refund payment"
      submit={
        confirming
          ? { label: 'Confirm refund', busyLabel: 'Refunding...', color: 'error' }
          : { label: 'Continue', disabled: problem !== null || amount.trim() === '' }
      }
      busy={isLoading}
      onSubmit={confirming ? confirm : next}
      onClose={onClose}
      cancel={confirming ? { label: 'Back', onClick: () => setConfirming(false), disabled: isLoading } : undefined}
      noValidate
    >
      {confirming ? (
        <Typography data-testid="refund-confirmation">
          Refund {formatMoney(cents ?? 0, 'cents')} to the card ending {t.last_four ?? '····'}?
        </Typography>
      ) : (
        <>
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
        </>
      )}
    </FormDialog>
  );
}
