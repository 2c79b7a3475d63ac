/** The standalone form's fields (spec point 2, "/ (payment form)"). */
export interface PayFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  amount: string;
}

export const emptyPayForm: PayFormValues = { firstName: '', lastName: '', email: '', phone: '', amount: '' };

export interface FormProblem {
  title: string;
  message: string;
}

/** Spec point 5, in its order: required fields, then e-mail, then amount. */
export function validatePayForm(values: PayFormValues): FormProblem | null {
  if (Object.values(values).some((value) => value.trim() === '')) {
    return { title: 'Missing Information', message: 'Please fill in all required fields' };
  }
  if (!values.email.includes('@')) return { title: 'Invalid Email', message: 'Please enter a valid email address' };
  const amount = Number(values.amount);
  if (!Number.isFinite(amount) || amount <= 0) return { title: 'Invalid Amount', message: 'Please enter a valid amount' };
  return null;
}

/**
 * The amount field keeps digits and one dot (spec point 2). It also stops at two decimals: the
 * wire carries cents, and a third decimal would be a cent the payer cannot pay.
 */
export function sanitizeAmount(input: string): string {
  const kept = input.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  if (dot === -1) return kept;
  return `${kept.slice(0, dot)}.${kept.slice(dot + 1).replace(/\./g, '').slice(0, 2)}`;
}
