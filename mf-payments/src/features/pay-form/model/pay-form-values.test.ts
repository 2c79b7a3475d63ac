import { emptyPayForm, hasThirdDecimal, payAmount, sanitizeAmount, validatePayForm } from './pay-form-values';

const valid = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+1 555 0100', amount: '25.00' };

test('every field is required, before any other rule', () => {
  expect(validatePayForm(emptyPayForm)).toEqual({ title: 'Missing Information', message: 'Please fill in all required fields' });
  expect(validatePayForm({ ...valid, phone: '   ', email: 'no-at', amount: '0' })?.title).toBe('Missing Information');
});

test('the e-mail needs an @, checked before the amount', () => {
  expect(validatePayForm({ ...valid, email: 'ada.example.com', amount: '0' })).toEqual({
    title: 'Invalid Email',
    message: 'Please enter a valid email address',
  });
});

test.each(['0', '0.00', '.', '0.'])('amount %p is not above 0', (amount) => {
  expect(validatePayForm({ ...valid, amount })).toEqual({ title: 'Invalid Amount', message: 'Please enter a valid amount' });
});

test.each(['12.345', '0.001', '10.999', '25.5001'])('amount %p has a part of a cent: Invalid Amount, never rounded', (amount) => {
  expect(validatePayForm({ ...valid, amount })).toEqual({ title: 'Invalid Amount', message: 'Please enter a valid amount' });
  expect(hasThirdDecimal(amount)).toBe(true);
});

test.each(['12.34', '12.3', '12', '12.340', '.5'])('amount %p is whole cents', (amount) => {
  expect(validatePayForm({ ...valid, amount })).toBeNull();
  expect(hasThirdDecimal(amount)).toBe(false);
});

test('valid data passes', () => {
  expect(validatePayForm(valid)).toBeNull();
});

test.each([
  ['$1,234.5', '1234.5'],
  ['12.3.4', '12.34'],
  ['abc', ''],
  ['.5', '.5'],
  ['10.999', '10.999'],
])('the amount %p is kept as %p', (input, kept) => {
  expect(sanitizeAmount(input)).toBe(kept);
});

test.each(['1e3', '1E3', '0x10', 'Infinity', '12.340000001', '12.3400000000000001'])(
  'amount %p is read from its digits, not as a float would read it: Invalid Amount',
  (amount) => {
    expect(validatePayForm({ ...valid, amount })).toEqual({ title: 'Invalid Amount', message: 'Please enter a valid amount' });
  },
);

test.each([
  ['.5', 0.5],
  ['0.10', 0.1],
  ['12.340', 12.34],
  ['4.35', 4.35],
  ['1000000', 1_000_000],
])('amount %p is paid as %p', (amount, dollars) => {
  expect(validatePayForm({ ...valid, amount })).toBeNull();
  expect(payAmount({ ...valid, amount })).toBe(dollars);
});
