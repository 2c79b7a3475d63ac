/**
 * The separators a card number can be typed or pasted with, each named: the tests feed every
 * one through the search and the log masking.
 */
export const cardNumberSeparators: readonly (readonly [name: string, separator: string])[] = [
  ['a space', ' '],
  ['two spaces', '  '],
  ['a no-break space (U+00A0)', '\u00A0'],
  ['a thin space (U+2009)', '\u2009'],
  ['a narrow no-break space (U+202F)', '\u202F'],
  ['a figure space (U+2007)', '\u2007'],
  ['an en space (U+2002)', '\u2002'],
  ['an em space (U+2003)', '\u2003'],
  ['a hair space (U+200A)', '\u200A'],
  ['an ideographic space (U+3000)', '\u3000'],
  ['a tab', '\t'],
  ['a newline', '\n'],
  ['a carriage return and newline', '\r\n'],
  ['a vertical tab', '\v'],
  ['a form feed', '\f'],
  ['a line separator (U+2028)', '\u2028'],
  ['a paragraph separator (U+2029)', '\u2029'],
  ['a zero-width space (U+200B)', '\u200B'],
  ['a word joiner (U+2060)', '\u2060'],
  ['a soft hyphen (U+00AD)', '\u00AD'],
  ['a hyphen-minus', '-'],
  ['a hyphen (U+2010)', '\u2010'],
  ['a non-breaking hyphen (U+2011)', '\u2011'],
  ['a figure dash (U+2012)', '\u2012'],
  ['an en dash (U+2013)', '\u2013'],
  ['an em dash (U+2014)', '\u2014'],
  ['a minus sign (U+2212)', '\u2212'],
  ['a fullwidth hyphen-minus (U+FF0D)', '\uFF0D'],
  ['a full stop', '.'],
  ['a middle dot (U+00B7)', '\u00B7'],
  ['a bullet (U+2022)', '\u2022'],
  ['a one dot leader (U+2024)', '\u2024'],
  ['a fullwidth full stop (U+FF0E)', '\uFF0E'],
  ['a katakana middle dot (U+30FB)', '\u30FB'],
  ['an underscore', '_'],
  ['a space, a dash and a space', ' - '],
];

/** The digits in groups of four, the separator between the groups. */
export const grouped = (digits: string, separator: string): string => (digits.match(/.{1,4}/g) ?? []).join(separator);

const jsonEscape = /\\(?:u([0-9a-fA-F]{4})|([nrtbf"\\/]))/g;
const simpleEscapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '"': '"', '\\': '\\', '/': '/' };
const unescapeJson = (text: string) =>
  text.replace(jsonEscape, (_all, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCharCode(parseInt(hex, 16)) : simpleEscapes[char!]!,
  );
const percentRun = /(?:%[0-9a-fA-F]{2})+/g;
const decodePercent = (text: string) =>
  text.replace(percentRun, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/**
 * Whether the text shows the digits in any form a reader could recover them from: as written,
 * JSON-escaped, percent- or plus-encoded (several times over), with anything between the digits
 * that is neither a letter nor a digit. An oracle for tests, independent of the masking code.
 */
export function showsCardNumber(text: string, digits: string): boolean {
  const forms = new Set<string>();
  let form = text;
  for (let round = 0; round < 4; round += 1) {
    forms.add(form);
    form = decodePercent(unescapeJson(form).replace(/\+/g, ' '));
  }
  forms.add(form);
  return [...forms].some((candidate) => candidate.replace(/[^\p{L}\p{N}]/gu, '').includes(digits));
}
