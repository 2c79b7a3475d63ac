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

/** True when the text holds only ASCII digits and separators (NFKC-normalise it first). */
export const isDigitsAndSeparators = (text: string): boolean => digitsWithSeparators.test(text);

/**
 * The text as one reading sees it: its characters, and for each the part of the original text it
 * came from. Parallel arrays rather than an object per character: every log line is read this way
 * (each has a 13-digit timestamp), and a 16 KB address must cost well under a millisecond.
 */
interface Reading {
  chars: string[];
  starts: number[];
  ends: number[];
}

const isAsciiDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isAsciiLetter = (code: number): boolean => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
const isDigit = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return code < 0x80 ? isAsciiDigit(code) : digit.test(char);
};
const isSeparator = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return code < 0x80 ? !isAsciiDigit(code) && !isAsciiLetter(code) : separator.test(char);
};

const hexValue = (char: string | undefined): number => {
  const code = char === undefined || char.length !== 1 ? -1 : char.charCodeAt(0);
  if (isAsciiDigit(code)) return code - 0x30;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
};

/** The byte that the two characters at `at` spell in hexadecimal, or null. */
const hexPair = (chars: readonly string[], at: number): number | null => {
  const high = hexValue(chars[at]);
  const low = hexValue(chars[at + 1]);
  return high < 0 || low < 0 ? null : high * 16 + low;
};

/** How many bytes the UTF-8 sequence starting with this byte has (0: not a first byte). */
const utf8Length = (byte: number): number =>
  byte < 0x80 ? 1 : byte >= 0xc2 && byte <= 0xdf ? 2 : byte >= 0xe0 && byte <= 0xef ? 3 : byte >= 0xf0 && byte <= 0xf4 ? 4 : 0;

/** The percent-encoded character starting at `at` (`%E2%80%89` and the like) and how many characters it takes, or null. */
function percentCharAt(chars: readonly string[], at: number): { char: string; taken: number } | null {
  if (chars[at] !== '%') return null;
  const first = hexPair(chars, at + 1);
  const length = first === null ? 0 : utf8Length(first);
  if (length === 0) return null;
  if (length === 1) return { char: String.fromCharCode(first!), taken: 3 };
  const bytes: number[] = [];
  for (let i = 0; i < length; i += 1) {
    const byte = chars[at + 3 * i] === '%' ? hexPair(chars, at + 3 * i + 1) : null;
    if (byte === null) return null;
    bytes.push(byte);
  }
  try {
    return { char: decodeURIComponent(bytes.map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')), taken: 3 * length };
  } catch {
    return null;
  }
}

/** One round of percent-decoding; null when there was nothing to decode. */
function decodeOnce(reading: Reading): Reading | null {
  const { chars, starts, ends } = reading;
  const decoded: Reading = { chars: [], starts: [], ends: [] };
  let changed = false;
  for (let at = 0; at < chars.length;) {
    const encoded = chars[at] === '%' ? percentCharAt(chars, at) : null;
    if (encoded) {
      decoded.chars.push(encoded.char);
      decoded.starts.push(starts[at]!);
      decoded.ends.push(ends[at + encoded.taken - 1]!);
      at += encoded.taken;
      changed = true;
    } else {
      decoded.chars.push(chars[at]!);
      decoded.starts.push(starts[at]!);
      decoded.ends.push(ends[at]!);
      at += 1;
    }
  }
  return changed ? decoded : null;
}

function written(text: string): Reading {
  const reading: Reading = { chars: [], starts: [], ends: [] };
  for (let offset = 0; offset < text.length;) {
    const size = (text.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1;
    reading.chars.push(size === 1 ? text[offset]! : text.slice(offset, offset + 2));
    reading.starts.push(offset);
    reading.ends.push(offset + size);
    offset += size;
  }
  return reading;
}

/**
 * The text at each reading: as written, then percent-decoded once, twice and three times
 * (`%2520` is a space read twice). A number shows in one reading or another; each is searched.
 */
function readings(text: string): Reading[] {
  let reading = written(text);
  const all = [reading];
  if (!text.includes('%')) return all;
  for (let round = 0; round < 3; round += 1) {
    const decoded = decodeOnce(reading);
    if (!decoded) break;
    all.push(decoded);
    reading = decoded;
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

function* digitRuns({ chars, starts, ends }: Reading, decoded = 0): Generator<DigitRun> {
  for (let at = 0; at < chars.length;) {
    if (!isDigit(chars[at]!)) {
      at += 1;
      continue;
    }
    const digits: string[] = [];
    let last = at;
    for (let next = at; next < chars.length; next += 1) {
      const char = chars[next]!;
      if (isDigit(char)) {
        digits.push(char);
        last = next;
      } else if (!isSeparator(char)) break;
    }
    yield { start: starts[at]!, end: ends[last]!, digits, decoded };
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

/** How far after a `%` a hex letter may still be part of an escape: three rounds of `%25` and a pair. */
const ESCAPE_REACH = 8;

/**
 * Whether some reading of the text may hold a run of `count` digits: a quick, allocation-free
 * pass that never says no when a run exists, so the readings are only built for the few texts
 * that say yes. A letter ends a stretch unless it may belong to a percent escape; every digit and
 * every `%` (each decoded character comes from one) counts toward the stretch.
 */
function mayHoldRun(text: string, count: number): boolean {
  let inStretch = 0;
  let lastPercent = -ESCAPE_REACH - 1;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (isAsciiDigit(code) || code === 0x25) {
      if (code === 0x25) lastPercent = at;
      if ((inStretch += 1) >= count) return true;
    } else if (isAsciiLetter(code)) {
      if (hexValue(text[at]) < 0 || at - lastPercent > ESCAPE_REACH) inStretch = 0;
    } else if (code >= 0x80 && digit.test(String.fromCodePoint(text.codePointAt(at) ?? 0))) {
      if ((inStretch += 1) >= count) return true;
    }
  }
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
  mayHoldRun(text, CARD_NUMBER_MIN_DIGITS) && longestDigitRun(text) >= CARD_NUMBER_MIN_DIGITS;

/** One pass of maskCardNumbers. */
function maskRuns(text: string): string {
  if (!mayHoldRun(text, CARD_NUMBER_MIN_DIGITS)) return text;
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
