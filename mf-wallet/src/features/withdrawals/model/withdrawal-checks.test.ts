import { checkWithdrawal, cleanAmount, emptyForm, submitDisabled } from './withdrawal-checks';

const filled = { amount: '100', account_number: '12345678', bank_name: 'Bank', account_name: 'Name', reason: '' };

test.each([
  ['an empty amount with everything else missing', { ...emptyForm }, 'Invalid Amount', 'Please enter a valid amount'],
  ['a zero amount with the account fields missing', { ...emptyForm, amount: '0' }, 'Invalid Amount', 'Please enter a valid amount'],
  ['a lone dot', { ...filled, amount: '.' }, 'Invalid Amount', 'Please enter a valid amount'],
  ['too much with the account fields missing', { ...emptyForm, amount: '1000.01' }, 'Insufficient Balance', 'Available balance: $1,000.00'],
  ['a valid amount with a blank bank name', { ...filled, bank_name: '   ' }, 'Missing Information', 'Please fill in all required fields'],
])('checks in the order of VAL-13: %s gives %s', (_case, form, title, message) => {
  expect(checkWithdrawal(form, 100_000)).toEqual({ ok: false, title, message });
});

test('a complete form gives the request body, trimmed, reason optional', () => {
  expect(checkWithdrawal({ ...filled, amount: '1000', account_name: ' Name ' }, 100_000)).toEqual({
    ok: true,
    body: { amount: 1000, account_number: '12345678', bank_name: 'Bank', account_name: 'Name', reason: '' },
  });
});

test('the amount keeps digits and one dot, at most two decimals', () => {
  expect(cleanAmount('$1,234.567')).toBe('1234.56');
  expect(cleanAmount('1.2.3')).toBe('1.23');
  expect(cleanAmount('abc')).toBe('');
});

test('submit is disabled when the amount is empty or above the balance', () => {
  expect(submitDisabled({ ...filled, amount: '' }, 100)).toBe(true);
  expect(submitDisabled({ ...filled, amount: '1.01' }, 100)).toBe(true);
  expect(submitDisabled({ ...filled, amount: '1.00' }, 100)).toBe(false);
  expect(submitDisabled({ ...filled, amount: '0' }, 100)).toBe(false);
});
