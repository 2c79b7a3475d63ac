import {
  centsOf,
  centsToDecimal,
  centsToDollars,
  centsToNumber,
  decimalToCents,
  hasPartOfACent,
  isWholeCents,
  numberToCents,
} from './money';

test('cents become the wire decimal, signs and small amounts included', () => {
  expect(centsToDecimal(123450)).toBe('1234.50');
  expect(centsToDecimal(5)).toBe('0.05');
  expect(centsToDecimal(0)).toBe('0.00');
  expect(centsToDecimal(-0)).toBe('0.00');
  expect(centsToDecimal(-5)).toBe('-0.05');
  expect(centsToDecimal(-12345)).toBe('-123.45');
  expect(centsToDecimal(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
});

test("cents become a message's sum: the wire decimal with a dollar sign, no separators", () => {
  expect(centsToDollars(123450)).toBe('$1234.50');
  expect(centsToDollars(5)).toBe('$0.05');
  expect(centsToDollars(0)).toBe('$0.00');
  expect(centsToDollars(-5)).toBe('-$0.05');
  expect(() => centsToDollars(1.5)).toThrow(RangeError);
});

test('a part of a cent is no amount of cents', () => {
  expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  expect(() => centsToDecimal(Number.NaN)).toThrow(RangeError);
});

test('typed and wire decimals are read to the exact cent', () => {
  expect(decimalToCents('1234.50')).toBe(123450);
  expect(decimalToCents('12')).toBe(1200);
  expect(decimalToCents('12.')).toBe(1200);
  expect(decimalToCents('12.5')).toBe(1250);
  expect(decimalToCents('.5')).toBe(50);
  expect(decimalToCents(' 7.10 ')).toBe(710);
  expect(decimalToCents('-3.10')).toBe(-310);
  expect(decimalToCents('-0.00')).toBe(0);
  expect(Object.is(decimalToCents('-0'), 0)).toBe(true);
  // In floats 4.35 * 100 is 434.99999999999994; read from the digits it is 435 with no rounding.
  expect(decimalToCents('4.35')).toBe(435);
  expect(decimalToCents('1.15')).toBe(115);
  expect(decimalToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
});

test('anything but a plain amount of whole cents is refused, never rounded', () => {
  for (const text of [
    '',
    ' ',
    '.',
    '-',
    '1.005',
    '12.345',
    '1e3',
    '1,000.00',
    '$5',
    'abc',
    '1.2.3',
    '0x10',
    'Infinity',
    '90071992547409.92',
  ]) {
    expect(decimalToCents(text)).toBeUndefined();
  }
  expect(centsOf('1.005')).toBeNaN();
  expect(centsOf('20.00')).toBe(2000);
});

test('zeros after the cents are no part of one; any other digit there is', () => {
  expect(decimalToCents('12.340')).toBe(1234);
  expect(decimalToCents('0.100')).toBe(10);
  expect(decimalToCents('5.0000')).toBe(500);
  expect(decimalToCents('12.3400000001')).toBeUndefined();
  expect(decimalToCents('1.0001')).toBeUndefined();
  for (const text of ['12.345', '0.001', '1.0001', '25.5001', ' 12.3400000001 ']) expect(hasPartOfACent(text)).toBe(true);
  for (const text of ['12.34', '12.340', '.5', '12', '', '.', '1e3', '1.2.345', 'abc']) expect(hasPartOfACent(text)).toBe(false);
});

test('cents and numbers of dollars convert both ways without losing a cent', () => {
  const lost: number[] = [];
  for (let cents = 0; cents < 1_000_000; cents += 1) {
    if (numberToCents(centsToNumber(cents)) !== cents || centsToNumber(cents) !== Number(centsToDecimal(cents))) lost.push(cents);
  }
  expect(lost).toEqual([]);
  expect(centsToNumber(1250)).toBe(12.5);
});

test('whole cents in a number of dollars', () => {
  expect(isWholeCents(12.34)).toBe(true);
  expect(isWholeCents(0.1 + 0.2)).toBe(true);
  expect(isWholeCents(12.345)).toBe(false);
});
