import { centsToNumber, decimalToCents, hasPartOfACent } from '@paydesk/shared/money';
import { isPaymentAmount } from '@paydesk/shared/schemas/cents';

/** The standalone form's fields (PAY-01). */
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

/** VAL-01 to VAL-03, in their order: required fields, then e-mail, then amount. */
export function validatePayForm(values: PayFormValues): FormProblem | null {
  if (Object.values(values).some((value) => value.trim() === '')) {
    return { title: 'Missing Information', message: 'Please fill in all required fields' };
  }
  if (!values.email.includes('@')) return { title: 'Invalid Email', message: 'Please enter a valid email address' };
  // The payment's own amount rule: above 0, whole cents (a third decimal is refused, never rounded).
  if (!isPaymentAmount(payAmount(values))) return { title: 'Invalid Amount', message: 'Please enter a valid amount' };
  return null;
}

/**
 * The amount to pay, in dollars, read from the typed digits (money.ts): NaN when they are no
 * amount of whole cents ("12.345", "1e3"), which the amount rule refuses.
 */
export const payAmount = (values: Pick<PayFormValues, 'amount'>): number => {
  const cents = decimalToCents(values.amount);
  return cents === undefined ? Number.NaN : centsToNumber(cents);
};

/** A part of a cent (a digit other than 0 after the second decimal), which no payment can carry. */
export const hasThirdDecimal = hasPartOfACent;

/**
 * The amount field keeps digits and one dot (PAY-02), and nothing else is changed: a third
 * decimal stays as typed, the field shows it as invalid and the form refuses it, so the payer
 * never pays an amount other than the one typed.
 */
export function sanitizeAmount(input: string): string {
  const kept = input.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  if (dot === -1) return kept;
  return `${kept.slice(0, dot)}.${kept.slice(dot + 1).replace(/\./g, '')}`;
}
