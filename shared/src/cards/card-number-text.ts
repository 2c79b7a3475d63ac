/**
 * Card numbers inside free text (a search box, an address, a log line), however they are typed,
 * pasted or encoded: digits with any separators between them, percent- or plus-encoded.
 */

/** The fewest digits a card number has (13 to 19); a longer run can hold one. */
export const CARD_NUMBER_MIN_DIGITS = 13;

/**
 * What may stand between the digits of a number as people write it: anything but a letter or a
 * decimal digit. White space and every Unicode space, control and invisible format characters
 * (tab, newline, zero-width space, soft hyphen), combining marks, dashes, dots and bullets, but
 * also `/ , : ; | * ~ ( ) # % &` and the rest of ASCII's punctuation, and the `+` that is a space
 * in a form-encoded address: a reader still sees the number, whatever stands between its digits
 * (SEC-01, docs/decisions/mask-card-numbers-in-every-log-line.md). A letter ends a run.
 */
const separatorClass = String.raw`[^\p{L}\p{Nd}]`;
const separator = new RegExp(`^${separatorClass}$`, 'u');
const digitsWithSeparators = new RegExp(`^(?:[0-9]|${separatorClass})+$`, 'u');
/** Any script's decimal digits: a number in fullwidth or Arabic-Indic digits is still a number. */
const digit = /^\p{Nd}$/u;
const anyDigit = /\p{Nd}/gu;

/** True when the text holds only ASCII digits and separators (NFKC-normalise it first). */
export const isDigitsAndSeparators = (text: string): boolean => digitsWithSeparators.test(text);

/** One character of the text as it reads once decoded, with the part of the original it came from. */
interface Unit {
  char: string;
  start: number;
  end: number;
}

const hexPair = (units: readonly Unit[], at: number): number | null => {
  const pair = `${units[at]?.char ?? ''}${units[at + 1]?.char ?? ''}`;
  return /^[0-9a-fA-F]{2}$/.test(pair) ? parseInt(pair, 16) : null;
};

/** How many bytes the UTF-8 sequence starting with this byte has (0: not a first byte). */
const utf8Length = (byte: number): number =>
  byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;

/** The percent-encoded character starting at `at` (`%E2%80%89` and the like) and how many units it takes, or null. */
function percentCharAt(units: readonly Unit[], at: number): { unit: Unit; taken: number } | null {
  if (units[at]?.char !== '%') return null;
  const first = hexPair(units, at + 1);
  const length = first === null ? 0 : utf8Length(first);
  if (length === 0) return null;
  let encoded = '';
  for (let i = 0; i < length; i += 1) {
    const byte = units[at + 3 * i]?.char === '%' ? hexPair(units, at + 3 * i + 1) : null;
    if (byte === null) return null;
    encoded += `%${byte.toString(16).padStart(2, '0')}`;
  }
  try {
    return {
      unit: { char: decodeURIComponent(encoded), start: units[at]!.start, end: units[at + 3 * length - 1]!.end },
      taken: 3 * length,
    };
  } catch {
    return null;
  }
}

/** One round of percent-decoding; null when there was nothing to decode. */
function decodeOnce(units: readonly Unit[]): Unit[] | null {
  const decoded: Unit[] = [];
  let changed = false;
  for (let at = 0; at < units.length;) {
    const encoded = percentCharAt(units, at);
    if (encoded) {
      decoded.push(encoded.unit);
      at += encoded.taken;
      changed = true;
    } else {
      decoded.push(units[at]!);
      at += 1;
    }
  }
  return changed ? decoded : null;
}

/**
 * The text at each reading: as written, then percent-decoded once, twice and three times
 * (`%2520` is a space read twice). A number shows in one reading or another; each is searched.
 */
function readings(text: string): Unit[][] {
  let units: Unit[] = [];
  let offset = 0;
  for (const char of text) {
    units.push({ char, start: offset, end: offset + char.length });
    offset += char.length;
  }
  const all = [units];
  for (let round = 0; round < 3; round += 1) {
    const decoded = decodeOnce(units);
    if (!decoded) break;
    all.push(decoded);
    units = decoded;
  }
  return all;
}

/** A run of digits with only separators between them: where it is in the text, and its digits. */
interface DigitRun {
  start: number;
  end: number;
  digits: string[];
  /** How many times its reading was percent-decoded (0: the text as written). */
  decoded: number;
}

function* digitRuns(units: readonly Unit[], decoded = 0): Generator<DigitRun> {
  for (let at = 0; at < units.length;) {
    if (!digit.test(units[at]!.char)) {
      at += 1;
      continue;
    }
    const digits: string[] = [];
    let last = at;
    for (let next = at; next < units.length; next += 1) {
      const { char } = units[next]!;
      if (digit.test(char)) {
        digits.push(char);
        last = next;
      } else if (!separator.test(char)) break;
    }
    yield { start: units[at]!.start, end: units[last]!.end, digits, decoded };
    at = last + 1;
  }
}

/**
 * The runs of at least `min` digits in any reading, in text order. Overlapping runs are one, which
 * covers them all; its digits are those of the most decoded reading's run, the one that covers
 * the most text on a tie (`%2520` read as a space, not as the digits 2, 5, 2, 0: as written, a
 * `%` between digits is a separator like any other).
 */
function longRuns(text: string, min: number): DigitRun[] {
  const found = readings(text)
    .flatMap((units, decoded) => [...digitRuns(units, decoded)].filter((run) => run.digits.length >= min))
    .sort((a, b) => a.start - b.start);
  const width = (run: DigitRun) => run.end - run.start;
  const better = (run: DigitRun, than: DigitRun) =>
    run.decoded > than.decoded || (run.decoded === than.decoded && width(run) >= width(than));
  const merged: { span: DigitRun; shown: DigitRun }[] = [];
  for (const run of found) {
    const previous = merged.at(-1);
    if (previous && run.start < previous.span.end) {
      previous.span = { ...previous.span, end: Math.max(previous.span.end, run.end) };
      if (better(run, previous.shown)) previous.shown = run;
    } else {
      merged.push({ span: run, shown: run });
    }
  }
  return merged.map(({ span, shown }) => ({ ...span, digits: shown.digits }));
}

/** Whether the text has at least `count` digits in all: fewer can hold no run that long. */
function hasDigits(text: string, count: number): boolean {
  anyDigit.lastIndex = 0;
  let found = 0;
  while (anyDigit.exec(text)) if ((found += 1) >= count) return true;
  return false;
}

/**
 * The most digits the text holds in one run, separators and encodings between them ignored. As
 * written, an escape's hex digits count too (`4111%201111` is a run of ten): a `%` may be the
 * separator itself, so the count errs on the long side.
 */
export function longestDigitRun(text: string): number {
  let longest = 0;
  for (const units of readings(text)) for (const run of digitRuns(units)) longest = Math.max(longest, run.digits.length);
  return longest;
}

/** Whether the text holds what may be a whole card number: 13 digits or more in one run. */
export const containsCardNumber = (text: string): boolean =>
  hasDigits(text, CARD_NUMBER_MIN_DIGITS) && longestDigitRun(text) >= CARD_NUMBER_MIN_DIGITS;

/** One pass of maskCardNumbers. */
function maskRuns(text: string): string {
  if (!hasDigits(text, CARD_NUMBER_MIN_DIGITS)) return text;
  let masked = '';
  let copied = 0;
  for (const run of longRuns(text, CARD_NUMBER_MIN_DIGITS)) {
    masked += `${text.slice(copied, run.start)}${run.digits.slice(0, 6).join('')}…${run.digits.slice(-4).join('')}`;
    copied = run.end;
  }
  return copied === 0 ? text : masked + text.slice(copied);
}

/**
 * Every run of 13 digits or more becomes its first six and last four digits (`411111…1111`), the
 * most of a card number PCI DSS lets be shown; no check digit is asked for, since a mistyped
 * number is still almost all of a real one. Everything else in the text stays as it was.
 */
export function maskCardNumbers(text: string): string {
  // The six digits kept can join what precedes them into a new run (`%3` and `0…` read `0…`):
  // masking again until nothing changes ends, as each pass leaves fewer digits.
  let masked = maskRuns(text);
  for (let previous = text; masked !== previous;) {
    previous = masked;
    masked = maskRuns(masked);
  }
  return masked;
}
