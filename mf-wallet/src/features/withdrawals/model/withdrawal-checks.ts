import type { WithdrawRequestInput } from '@paydesk/shared/schemas/wallet';
import { formatMoney } from '@paydesk/shared/format';
import { centsToNumber, decimalToCents } from '@paydesk/shared/money';

export interface WithdrawalForm {
  amount: string;
  account_number: string;
  bank_name: string;
  account_name: string;
  reason: string;
}

export const emptyForm: WithdrawalForm = { amount: '', account_number: '', bank_name: '', account_name: '', reason: '' };

export type CheckResult = { ok: true; body: WithdrawRequestInput } | { ok: false; title: string; message: string };

/** Whole cents of the amount field, or NaN when it is not a number. */
export const amountCents = (amount: string): number => decimalToCents(amount) ?? Number.NaN;

/** The amount field keeps digits and one dot, at most two decimals (WAL-03, the amount rule of PAY-02). */
export const cleanAmount = (typed: string): string => {
  const digits = typed.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = digits.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
};

/** VAL-14: the submit button is disabled when the amount is empty or above the balance. */
export const submitDisabled = (form: WithdrawalForm, availableCents: number): boolean =>
  form.amount.trim() === '' || amountCents(form.amount) > availableCents;

/** VAL-13, in its order: amount above 0, then within the balance, then the account fields. */
export function checkWithdrawal(form: WithdrawalForm, availableCents: number): CheckResult {
  const cents = amountCents(form.amount);
  if (!Number.isFinite(cents) || cents <= 0) return { ok: false, title: 'Invalid Amount', message: 'Please enter a valid amount' };
  if (cents > availableCents)
    return { ok: false, title: 'Insufficient Balance', message: `Available balance: ${formatMoney(availableCents, 'cents')}` };
  const [accountNumber, bankName, accountName] = [form.account_number, form.bank_name, form.account_name].map((v) => v.trim());
  if (!accountNumber || !bankName || !accountName)
    return { ok: false, title: 'Missing Information', message: 'Please fill in all required fields' };
  return {
    ok: true,
    body: {
      amount: centsToNumber(cents),
      account_number: accountNumber,
      bank_name: bankName,
      account_name: accountName,
      reason: form.reason.trim(),
    },
  };
}
