import { hasUnstorableText } from './text-guard';

describe('hasUnstorableText', () => {
  test.each([
    ['a NUL', true, 'a\u0000b'],
    ['a lone high surrogate', true, 'x\uD83D'],
    ['a lone low surrogate', true, '\uDE00x'],
    ['two high surrogates', true, '\uD83D\uD83D'],
    ['a whole emoji', false, 'pay \u{1F4B3}'],
    ['right-to-left and zero-width marks', false, '\u202E\u200B\u0645'],
  ])('%s → %s', (_name, unstorable, text) => {
    expect(hasUnstorableText(text)).toBe(unstorable);
    expect(hasUnstorableText({ a: [{ b: text }] })).toBe(unstorable);
    expect(hasUnstorableText({ [text]: 1 })).toBe(unstorable);
  });

  test('walks 100,000-deep values without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = { a: deep };
    expect(hasUnstorableText(deep)).toBe(true);
  });
});
