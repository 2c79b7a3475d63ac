import fc from 'fast-check';
import {
  detectBrand,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  isValidCardNumber,
  isValidCvv,
  isValidExpiry,
  parseExpiry,
  withCheckDigit,
} from './card-rules';

describe('brand by prefix (VAL-05)', () => {
  test.each([
    ['4242424242424242', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['2220990000000000', 'unknown'],
    ['2721000000000000', 'unknown'],
    ['5000000000000000', 'unknown'],
    ['5600000000000000', 'unknown'],
    ['378282246310005', 'amex'],
    ['341111111111111', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['6012000000000000', 'unknown'],
    ['3530111333300000', 'unknown'],
  ])('%s is %s', (number, brand) => expect(detectBrand(number)).toBe(brand));
});

describe('card number', () => {
  test('digits only, grouped in fours, at most 19 characters', () => {
    expect(formatCardNumber('4242-4242 4242a4242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('3782822463')).toBe('3782 8224 63');
  });
  test.each([
    ['4242424242424242', true],
    ['4242 4242 4242 4242', true],
    ['4242424242424241', false],
    ['378282246310005', true],
    ['4222222222222', true],
    ['422222222222', false],
    ['6011000990139424', true],
    ['0000000000000', true],
    ['12345678901234567890', false],
  ])('%s valid: %s', (number, valid) => expect(isValidCardNumber(number)).toBe(valid));

  test('property: every Luhn-valid 13 to 19 digit number is valid, and changing one digit breaks it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }), fc.nat(), (body, at) => {
        const number = withCheckDigit(body.join(''));
        expect(number.startsWith(body.join(''))).toBe(true);
        expect(isValidCardNumber(number)).toBe(true);
        const i = at % number.length;
        const changed = `${number.slice(0, i)}${(Number(number[i]) + 1) % 10}${number.slice(i + 1)}`;
        expect(isValidCardNumber(changed)).toBe(false);
      }),
    );
  });
});

describe('CVV', () => {
  test('capped at the brand length, 4 when unknown', () => {
    expect(formatCvv('12a345', 'visa')).toBe('123');
    expect(formatCvv('12345', 'amex')).toBe('1234');
    expect(formatCvv('12345', 'unknown')).toBe('1234');
  });
  test.each([
    ['123', 'visa', true],
    ['1234', 'visa', false],
    ['12', 'visa', false],
    ['1234', 'amex', true],
    ['123', 'amex', false],
    ['123', 'unknown', true],
    ['1234', 'unknown', true],
    ['12', 'unknown', false],
    ['12a', 'unknown', false],
  ] as const)('%s for %s valid: %s', (cvv, brand, valid) => expect(isValidCvv(cvv, brand)).toBe(valid));
});

describe('expiry', () => {
  const now = new Date(2026, 10, 22); // November 2026
  test('typing adds the slash, at most five characters', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/289')).toBe('12/28');
  });
  test.each([
    ['11/26', true],
    ['10/26', false],
    ['12/26', true],
    ['01/27', true],
    ['12/25', false],
    ['13/27', false],
    ['00/27', false],
    ['1/27', false],
    ['1127', false],
  ])('%s valid in November 2026: %s', (value, valid) => expect(isValidExpiry(value, now)).toBe(valid));
  test('year is 2000 plus the two digits', () => expect(parseExpiry('07/31')).toEqual({ month: 7, year: 2031 }));
});
