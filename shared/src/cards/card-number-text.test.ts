import fc from 'fast-check';
import { cardNumberSeparators, grouped, showsCardNumber } from '../testing/card-number-forms';
import { containsCardNumber, isDigitsAndSeparators, longestDigitRun, maskCardNumbers } from './card-number-text';

const separators = cardNumberSeparators.map(([, separator]) => separator);
/** Every printable ASCII character that is neither a letter nor a digit. */
const printableAsciiSeparators = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).filter(
  (c) => !/[A-Za-z0-9]/.test(c),
);

/** 13 to 19 digits, any of them. */
const digits = fc
  .integer({ min: 13, max: 19 })
  .chain((length) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join('')));

/** The digits with, between any two of them, nothing or a few separators of the list. */
const typed = (number: string) =>
  fc
    .array(
      fc.oneof(
        fc.constant(''),
        fc.array(fc.constantFrom(...separators), { minLength: 1, maxLength: 3 }).map((s) => s.join('')),
      ),
      {
        minLength: number.length - 1,
        maxLength: number.length - 1,
      },
    )
    .map((gaps) => [...number].map((digit, i) => `${digit}${gaps[i] ?? ''}`).join(''));

/** Text around the number: any characters but digits. */
const around = fc.string({ unit: 'binary', maxLength: 12 }).filter((text) => !/\p{Nd}/u.test(text));

/** How an address or a form carries text. */
const encodings: readonly [string, (text: string) => string][] = [
  ['as typed', (text) => text],
  ['percent-encoded', encodeURIComponent],
  ['form-encoded (+ for spaces)', (text) => new URLSearchParams({ q: text }).toString()],
  ['percent-encoded twice', (text) => encodeURIComponent(encodeURIComponent(text))],
];

const digitsOf = (text: string) => text.replace(/\D/g, '');

describe('maskCardNumbers', () => {
  test.each(encodings)('no card number survives, %s, whatever its separators and surroundings', (_how, encode) => {
    fc.assert(
      fc.property(
        digits.chain((number) => fc.tuple(fc.constant(number), typed(number), around, around)),
        ([number, written, before, after]) => {
          const text = encode(`${before}${written}${after}`);
          const masked = maskCardNumbers(text);
          expect(showsCardNumber(masked, number)).toBe(false);
          // Which six and four show depends on how the surroundings decode (`%00` before a digit); the examples below pin them.
          expect(masked).toMatch(/\p{Nd}{6}…\p{Nd}{4}/u);
        },
      ),
    );
  });

  test('keeps the text around the number and at most its first six and last four digits', () => {
    fc.assert(
      fc.property(
        digits.chain((number) => fc.tuple(fc.constant(number), typed(number), around, around)),
        ([number, written, before, after]) => {
          const masked = maskCardNumbers(`${before}${written}${after}`);
          expect(masked).toBe(`${before}${number.slice(0, 6)}…${number.slice(-4)}${after}`);
          expect(digitsOf(masked)).toHaveLength(10);
        },
      ),
    );
  });

  test('leaves alone text whose digit runs are all shorter than a card number', () => {
    const shortRun = fc
      .integer({ min: 1, max: 12 })
      .chain((length) => fc.stringMatching(new RegExp(`^\\d{${length}}$`)))
      .chain(typed);
    // Between two runs, a letter at least: anything else between digits joins them into one run.
    const text = fc
      .array(fc.tuple(shortRun, fc.stringMatching(/^[:/?&=#]{0,2}[a-zA-Z][a-zA-Z:/?&=#]{0,2}$/)), { maxLength: 6 })
      .map((parts) => parts.flat().join(''));
    fc.assert(fc.property(text, (plain) => expect(maskCardNumbers(plain)).toBe(plain)));
  });

  test('masks what it already masked to the same text, and leaves no run of 13 digits in any text', () => {
    const piece = fc.oneof(
      fc.stringMatching(/^\d{1,8}$/),
      fc.constantFrom(...separators, '%20', '%C2%A0', '%2520', '%3', '%34', 'a', '…'),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 20 }).map((parts) => parts.join('')),
        (text) => {
          const masked = maskCardNumbers(text);
          expect(maskCardNumbers(masked)).toBe(masked);
          expect(longestDigitRun(masked)).toBeLessThan(13);
          expect(containsCardNumber(masked)).toBe(false);
        },
      ),
    );
  });

  test.each([
    ['/api/backend/cards?search=4242424242424242', '/api/backend/cards?search=424242…4242'],
    ['/x?q=4242%C2%A04242%C2%A04242%C2%A04242&page=1', '/x?q=424242…4242&page=1'],
    ['/x?q=4242+4242+4242+4242', '/x?q=424242…4242'],
    ['/x?q=4242%E2%80%894242%E2%80%AF4242%094242', '/x?q=424242…4242'],
    ['/x?q=%34%32%34%32%34%32%34%32%34%32%34%32%34%32%34%32', '/x?q=424242…4242'],
    ['/api/backend/cards/378282246310005/status', '/api/backend/cards/378282…0005/status'],
    ['a mistyped 4242 4242 4242 4241 too', 'a mistyped 424242…4241 too'],
    ['Ｆｕｌｌ ４２４２ ４２４２ ４２４２ ４２４２', 'Ｆｕｌｌ ４２４２４２…４２４２'],
    ['/x?id=123456789012&t=2026-03-01T10:00:00.000Z', '/x?id=123456789012&t=2026-03-01T10:00:00.000Z'],
    ['/x?q=4242/4242/4242/4242', '/x?q=424242…4242'],
    ['/x?q=4242%2F4242%2f4242%2F4242&page=1', '/x?q=424242…4242&page=1'],
    ['/x?q=4242%252C4242%252C4242%252C4242', '/x?q=424242…4242'],
    // The trailing `%20` reads as digits in the text as written: it is masked with the number.
    ['/x?q=4242%204242%204242%204242%20&page=1', '/x?q=424242…4242&page=1'],
    ['(4242)|4242*4242~4242;', '(424242…4242;'],
    ['4242%4242%4242%4242', '424242…4242'],
    // A card number can be written as an address and port, so a long one is masked too.
    ['connect 203.113.100.200:54321', 'connect 203113…4321'],
  ])('%s → %s', (text, logged) => {
    expect(maskCardNumbers(text)).toBe(logged);
  });
});

describe('longestDigitRun and isDigitsAndSeparators', () => {
  test.each(cardNumberSeparators)('a number in groups split by %s is one run of all its digits', (_name, separator) => {
    const number = '4111111111111111';
    expect(longestDigitRun(grouped(number, separator))).toBe(16);
    // As written, the hex digits of an escape (`%20`) count too: a `%` may separate digits itself.
    expect(longestDigitRun(encodeURIComponent(grouped(number, separator)))).toBeGreaterThanOrEqual(16);
    expect(isDigitsAndSeparators(grouped(number, separator).normalize('NFKC'))).toBe(true);
  });

  test.each(printableAsciiSeparators)('a number in groups split by the ASCII %j, as typed or percent-encoded, is one run', (separator) => {
    const number = '4111111111111111';
    const hex = separator.charCodeAt(0).toString(16).padStart(2, '0');
    expect(longestDigitRun(grouped(number, separator))).toBe(16);
    for (const between of [separator, `%${hex.toUpperCase()}`, `%${hex}`, `%25${hex}`]) {
      expect(longestDigitRun(grouped(number, between))).toBeGreaterThanOrEqual(16);
      expect(containsCardNumber(grouped(number, between))).toBe(true);
      expect(maskCardNumbers(`q=${grouped(number, between)}`)).toBe('q=411111…1111');
    }
    expect(isDigitsAndSeparators(grouped(number, separator))).toBe(true);
  });

  test('a brand or a letter between digits ends a run; anything else between them does not', () => {
    expect(longestDigitRun('visa')).toBe(0);
    expect(longestDigitRun('4111 1111x1111 1111')).toBe(8);
    expect(longestDigitRun('4111 1111é1111 1111')).toBe(8);
    expect(longestDigitRun('2026/03/01')).toBe(8);
    expect(isDigitsAndSeparators('4111 visa')).toBe(false);
  });
});
