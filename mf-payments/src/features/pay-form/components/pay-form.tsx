import { useLayoutEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { formatMoney } from '@paydesk/shared/format';
import { decimalToCents } from '@paydesk/shared/money';
import { notify } from '@paydesk/shared/ui/notify';
import { FormField } from '../../../components/form-field';
import { takeFirstViewInput } from '../model/first-view-input';
import { emptyPayForm, hasThirdDecimal, sanitizeAmount, validatePayForm, type PayFormValues } from '../model/pay-form-values';

interface PayFormProps {
  /** Called with checked values; the caller opens the card dialog. */
  onValid: (values: PayFormValues) => void;
  /** Called once, when the payer first touches the form (the page fetches what comes next). */
  onFirstTouch?: () => void;
  /** The Pay button, which the page focuses again when the card dialog closes. */
  payButtonRef?: Ref<HTMLButtonElement>;
}

const fields: { name: keyof PayFormValues; label: string; type?: string; autoComplete: string }[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];

export function PayForm({ onValid, onFirstTouch, payButtonRef }: PayFormProps) {
  // What the payer typed into the server's first view of this form before the scripts ran...
  const [firstView] = useState(takeFirstViewInput);
  const [values, setValues] = useState<PayFormValues>(() => ({ ...emptyPayForm, ...firstView.values }));
  const form = useRef<HTMLFormElement>(null);
  // ...and while the page's first render ran, with the field they are in: taken over before the
  // browser paints the form, so no keystroke goes elsewhere.
  useLayoutEffect(() => {
    const { values: typed, focused } = firstView.atCommit?.() ?? firstView;
    // Only what changed: a form the payer left alone meanwhile is not rendered a second time.
    const changed = Object.entries(typed).filter(([name, value]) => firstView.values[name as keyof PayFormValues] !== value);
    if (changed.length > 0) setValues((current) => ({ ...current, ...Object.fromEntries(changed) }));
    if (focused) form.current?.querySelector<HTMLInputElement>(`input[data-field="${focused}"]`)?.focus();
  }, [firstView]);
  const touched = useRef(false);
  const touch = () => {
    if (touched.current) return;
    touched.current = true;
    onFirstTouch?.();
  };
  const set = (name: keyof PayFormValues, value: string) => setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePayForm(values);
    if (problem) notify('error', problem.title, problem.message);
    else onValid(values);
  };

  const partCent = hasThirdDecimal(values.amount);
  // The button never shows a rounded amount: an amount the form will refuse shows as nothing to pay.
  const shown = decimalToCents(values.amount) ?? 0;
  return (
    // noValidate: the toasts of VAL-01 to VAL-03 report the rules, in their order.
    <Box
      component="form"
      ref={form}
      noValidate
      onSubmit={submit}
      onFocus={touch}
      onPointerDown={touch}
      sx={{ display: 'grid', gap: 2 }}
      aria-label="Payment form"
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {fields.slice(0, 2).map((f) => (
          <FormField
            key={f.name}
            field={f.name}
            label={f.label}
            value={values[f.name]}
            onChange={(value) => set(f.name, value)}
            autoComplete={f.autoComplete}
          />
        ))}
      </Box>
      {fields.slice(2).map((f) => (
        <FormField
          key={f.name}
          field={f.name}
          label={f.label}
          type={f.type}
          value={values[f.name]}
          onChange={(value) => set(f.name, value)}
          autoComplete={f.autoComplete}
        />
      ))}
      <FormField
        field="amount"
        label="Amount"
        value={values.amount}
        onChange={(value) => set('amount', sanitizeAmount(value))}
        startAdornment={<InputAdornment position="start">$</InputAdornment>}
        inputMode="decimal"
        error={partCent}
      />
      <Button type="submit" variant="contained" size="large" ref={payButtonRef}>
        Pay {formatMoney(shown, 'cents')}
      </Button>
    </Box>
  );
}
