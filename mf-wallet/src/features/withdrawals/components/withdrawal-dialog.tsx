import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { endedBySignOut, readApiError } from '@paydesk/shared/api/api-error';
import { formatMoney } from '@paydesk/shared/format';
import { FormDialog } from '@paydesk/shared/ui/form-dialog';
import { notify } from '@paydesk/shared/ui/notify';
import { useRequestWithdrawalMutation } from '../api/wallet-api';
import { amountCents, checkWithdrawal, cleanAmount, emptyForm, submitDisabled, type WithdrawalForm } from '../model/withdrawal-checks';
import { newIdempotencyKey } from '@paydesk/shared/api/idempotency-key';

const fields: readonly { name: Exclude<keyof WithdrawalForm, 'amount' | 'reason'>; label: string; max: number }[] = [
  { name: 'account_number', label: 'Account Number', max: 34 },
  { name: 'bank_name', label: 'Bank Name', max: 120 },
  { name: 'account_name', label: 'Account Name', max: 120 },
];

/** Request Withdrawal (WAL-03, ERR-11): checks in VAL-13's order, fee $0.00, net = amount (CONST-08). */
export function WithdrawalDialog({ availableCents, onClose }: { availableCents: number; onClose: () => void }) {
  const [form, setForm] = useState<WithdrawalForm>(emptyForm);
  const [requestWithdrawal, { isLoading }] = useRequestWithdrawalMutation();
  // One key per distinct request: a retry after a lost answer reuses it, an edited form gets a new one.
  const key = useRef(newIdempotencyKey());
  const change = (name: keyof WithdrawalForm, value: string) => {
    key.current = newIdempotencyKey();
    setForm((current) => ({ ...current, [name]: name === 'amount' ? cleanAmount(value) : value }));
  };
  const cents = amountCents(form.amount);
  const shown = Number.isFinite(cents) ? cents : 0;

  const submit = async () => {
    const checked = checkWithdrawal(form, availableCents);
    if (!checked.ok) return notify('error', checked.title, checked.message);
    const result = await requestWithdrawal({ body: checked.body, idempotencyKey: key.current });
    if (result.data) {
      notify('success', 'Withdrawal Requested', `Withdrawal of ${formatMoney(checked.body.amount)} has been submitted for processing`);
      onClose();
    } else if (!endedBySignOut(result.error)) {
      // A 401 ends the session silently (AUTH-07, ERR-11).
      notify('error', 'Withdrawal Failed', readApiError(result.error).message ?? 'Please try again');
    }
  };

  return (
    <FormDialog
      title="Request Withdrawal"
      submit={{ label: 'Submit Request', busyLabel: 'Submitting...', disabled: submitDisabled(form, availableCents) }}
      busy={isLoading}
      onSubmit={submit}
      onClose={onClose}
      noValidate
    >
      <Typography color="text.secondary">Available balance: {formatMoney(availableCents, 'cents')}</Typography>
      <TextField
        label="Amount"
        value={form.amount}
        onChange={(event) => change('amount', event.target.value)}
        slotProps={{
          htmlInput: { inputMode: 'decimal', maxLength: 12 },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          value={form[field.name]}
          onChange={(event) => change(field.name, event.target.value)}
          slotProps={{ htmlInput: { maxLength: field.max } }}
        />
      ))}
      <TextField
        label="Reason (optional)"
        value={form.reason}
        onChange={(event) => change('reason', event.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      <Box
        sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, p: 2, borderRadius: 1, bgcolor: 'action.hover' }}
        data-testid="withdrawal-summary"
      >
        <Typography>Withdrawal amount</Typography>
        <Typography>{formatMoney(shown, 'cents')}</Typography>
        <Typography>Processing fee</Typography>
        <Typography>{formatMoney(0)}</Typography>
        <Typography sx={{ fontWeight: 600 }}>You will receive</Typography>
        <Typography sx={{ fontWeight: 600 }}>{formatMoney(shown, 'cents')}</Typography>
      </Box>
    </FormDialog>
  );
}
