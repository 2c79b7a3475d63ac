import { formatCount, formatMoney, formatMoneyCompact } from './format';

test('money shows as USD with two decimals, from wire decimals or from cents', () => {
  expect(formatMoney('1234.5')).toBe('$1,234.50');
  expect(formatMoney('0.00')).toBe('$0.00');
  expect(formatMoney(123456, 'cents')).toBe('$1,234.56');
  expect(formatMoney(-250, 'cents')).toBe('-$2.50');
});

test('large money keeps both decimals and its separators', () => {
  expect(formatMoney('293781250')).toBe('$293,781,250.00');
  expect(formatMoney('1293781250.5')).toBe('$1,293,781,250.50');
});

test('counts have thousands separators; compact money is for chart axes', () => {
  expect(formatCount(1000100)).toBe('1,000,100');
  expect(formatCount(0)).toBe('0');
  expect(formatMoneyCompact('293781250.00')).toBe('$293.8M');
  expect(formatMoneyCompact(950)).toBe('$950');
});
