import fc from 'fast-check';
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

describe('money without Intl writes what Intl writes', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

  test('at the edges: ties of the shortest decimal, negative zero, tiny and huge amounts', () => {
    const edges = [1.005, 2.675, 0.045, 0.125, -1.005, -0, 0, -0.001, 0.004999, 1e-7, -1e-7, 5e-3, 999.995, 1e15 + 0.5, 9.99e20, 1e21, NaN];
    expect(edges.map((x) => formatMoney(x))).toEqual(edges.map((x) => intl.format(x)));
  });

  test('for any number of dollars, any cents and any wire decimal', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, min: -1e22, max: 1e22 }), (x) => formatMoney(x) === intl.format(x)),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => formatMoney(cents, 'cents') === intl.format(cents / 100)),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (cents) => {
        const text = `${cents < 0n ? '-' : ''}${(cents < 0n ? -cents : cents)
          .toString()
          .padStart(3, '0')
          .replace(/(\d\d)$/, '.$1')}`;
        return formatMoney(text) === intl.format(Number(text));
      }),
      { numRuns: 2000 },
    );
  });
});
