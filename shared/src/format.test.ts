import { formatMoney } from './format';

test('money shows as USD with two decimals, from wire decimals or from cents', () => {
  expect(formatMoney('1234.5')).toBe('$1,234.50');
  expect(formatMoney('0.00')).toBe('$0.00');
  expect(formatMoney(123456, 'cents')).toBe('$1,234.56');
  expect(formatMoney(-250, 'cents')).toBe('-$2.50');
});
