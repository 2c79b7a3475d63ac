import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { formatMoney } from '@paydesk/shared/format';
import { notify } from '@paydesk/shared/ui/notify';
import { emptyPayForm, sanitizeAmount, validatePayForm, type PayFormValues } from '../model/pay-form-values';

interface PayFormProps {
  /** Called with checked values; the caller opens the card dialog. */
  onValid: (values: PayFormValues) => void;
}

const fields: { name: keyof PayFormValues; label: string; type?: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];

export function PayForm({ onValid }: PayFormProps) {
  const [values, setValues] = useState<PayFormValues>(emptyPayForm);
  const set = (name: keyof PayFormValues, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePayForm(values);
    if (problem) notify('error', problem.title, problem.message);
    else onValid(values);
  };

  const amount = Number(values.amount);
  return (
    // noValidate: the spec's own toasts report the rules, in the spec's order.
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }} aria-label="Payment form">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {fields.slice(0, 2).map((f) => (
          <TextField key={f.name} label={f.label} required value={values[f.name]} onChange={(e) => set(f.name, e.target.value)} autoComplete={f.autoComplete} />
        ))}
      </Box>
      {fields.slice(2).map((f) => (
        <TextField key={f.name} label={f.label} type={f.type} required value={values[f.name]} onChange={(e) => set(f.name, e.target.value)} autoComplete={f.autoComplete} />
      ))}
      <TextField
        label="Amount"
        required
        value={values.amount}
        onChange={(e) => set('amount', sanitizeAmount(e.target.value))}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          htmlInput: { inputMode: 'decimal' },
        }}
      />
      <Button type="submit" variant="contained" size="large">
        Pay {formatMoney(Number.isFinite(amount) ? amount : 0)}
      </Button>
    </Box>
  );
}
