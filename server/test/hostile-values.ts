import fc from 'fast-check';

/**
 * What an attacker or a broken client sends, as fast-check arbitraries. Values are JSON *text*, so
 * a test can place a 10,000-deep object or an invalid escape anywhere in a body it builds.
 */
export const MEGABYTE = 1024 * 1024;
const huge = 'x'.repeat(MEGABYTE);
const hugeUnicode = '\u202e\u0645'.repeat(MEGABYTE / 4);
const nest = (depth: number, open: string, close: string, inner = '1') => open.repeat(depth) + inner + close.repeat(depth);
const deepObject = nest(10_000, '{"a":', '}');
const deepArray = nest(10_000, '[', ']');

export const attacks = [
  "' OR '1'='1",
  "'; drop table users; --",
  '1; select pg_sleep(5)--',
  "\\' union select password_hash from users --",
  '$1',
  '%',
  '_',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\r\nSet-Cookie: x=1',
  '\uD800',
  '\uDFFF',
  'a\uD83Dz',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  '\u0645\u0631\u062D\u0628\u0627',
  'Z\u0351\u0360\u0361\u035B\u036B',
  '\uFFFF',
  '\u{1F4A9}',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  ' ',
  '',
  '__proto__',
  'constructor',
  'null',
  'true',
  '4242424242424242',
  '-1',
  '99999999999999999999999',
];

/** Strings of every kind: attacks, unicode (lone surrogates included), control characters, now and then one of `large`. */
const strings = (large: readonly string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...attacks), weight: 6 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
    {
      arbitrary: fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), maxLength: 4 }),
      weight: 1,
    },
    { arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 400 }), weight: 1 },
    { arbitrary: fc.constantFrom(...large), weight: 1 },
  );

/** Strings for a body, now and then 1 MB. */
export const hostileString: fc.Arbitrary<string> = strings([huge, hugeUnicode]);

/**
 * Strings for an address: Node answers 431 to a request line longer than its 16 KB header limit
 * before the app sees it, so the largest that reach a route are about 15 KB once percent-encoded.
 */
const urlString: fc.Arbitrary<string> = strings(['x'.repeat(5_000), '\u202e\u0645'.repeat(1_000)]);

/** JSON text of a value of any type: wrong types, huge numbers, deep nesting, hostile strings. */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileString.map((s) => JSON.stringify(s)), weight: 6 },
  {
    arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.constant(null)).map((v) => JSON.stringify(v)),
    weight: 3,
  },
  {
    arbitrary: fc.constantFrom(
      '1e400',
      '-1e400',
      '123456789012345678901234567890',
      '-0',
      '5e-324',
      '1e-7',
      '0.001',
      '0.005',
      '1.005',
      '[]',
      '{}',
      '[null]',
      '{"$gt":""}',
    ),
    weight: 2,
  },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), weight: 2 },
  { arbitrary: fc.constantFrom(deepObject, deepArray), weight: 1 },
);

/** A body that is not even valid JSON, or not JSON at all. */
export const brokenJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '[1,2',
    'undefined',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '\uFEFF{}',
    '{"a":"\\ud800"}',
    '{"a":"\\x41"}',
  ),
  fc.constantFrom(nest(200_000, '[', ']'), nest(100_000, '{"a":', '}')),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Percent-encoded bytes of a string; lone surrogates become U+FFFD as any client would send them. */
export const percentEncode = (text: string): string => Buffer.from(text, 'utf8').toString('hex').replace(/../g, '%$&');

/** A path segment or query value: encoded hostile strings, or broken encodings. */
export const hostileUrlPart: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: urlString.map(percentEncode), weight: 5 },
  {
    arbitrary: fc.constantFrom(
      '%',
      '%zz',
      '%ff%fe',
      '%c0%af',
      '%00',
      '..%2f..%2f',
      '%2e%2e',
      '1%20OR%201=1',
      '-1',
      '0',
      '1.5',
      '1e3',
      'NaN',
      '9'.repeat(400),
    ),
    weight: 3,
  },
);

export const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/xml',
  'application/json; charset=utf-16',
  '',
  'application/json, text/plain',
] as const;

/** A JSON object from entries of JSON text (a key may repeat). */
export const objectText = (entries: readonly (readonly [string, string])[]): string =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
