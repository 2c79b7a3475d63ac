import { pino, type Logger, type LoggerOptions } from 'pino';
import { maskCardNumbers } from '@paydesk/shared/cards/card-number-text';
import type { Config } from './config';

const sensitive = ['password', 'card_number', 'cvv', 'token', 'data'];

/** Never log credentials, card data or the encrypted envelopes, at any depth we log bodies. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  ...sensitive.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/**
 * The most of one text a log line keeps. A request line or body can be megabytes (an address
 * through `inject`, a body up to its limit), and masking reads every character several times: a
 * line must cost what a normal line costs, whatever was sent.
 */
export const LOGGED_TEXT_LIMIT = 8_192;

/**
 * The text as a log line or an echo may show it: at most LOGGED_TEXT_LIMIT characters, with its
 * card numbers masked. Where it is cut, the letterless tail before the cut goes too (digits,
 * separators, escapes' hex), so no number is shown in part because its end was cut off.
 */
export function loggableText(text: string): string {
  if (text.length <= LOGGED_TEXT_LIMIT) return maskCardNumbers(text);
  const head = text.slice(0, LOGGED_TEXT_LIMIT).replace(/(?:[^\p{L}]|[A-Fa-f])+$/u, '');
  return `${maskCardNumbers(head)}…[${text.length - head.length} more characters]`;
}

/** Every text of a decoded log line, keys included, with its card numbers masked; a number as long as one is masked as text. */
function maskTexts(value: unknown): unknown {
  if (typeof value === 'string') return loggableText(value);
  if (typeof value === 'number' && Math.abs(value) >= 1e12) return maskCardNumbers(String(value));
  if (Array.isArray(value)) return value.map(maskTexts);
  if (value !== null && typeof value === 'object') return maskFields(value, () => false);
  return value;
}

const maskFields = (object: object, keep: (key: string) => boolean) =>
  Object.fromEntries(Object.entries(object).map(([key, inner]) => [loggableText(key), keep(key) ? inner : maskTexts(inner)]));

/**
 * The last step before a line is written: whatever it holds (address, query, message, error,
 * a logged body), its card numbers are masked on the decoded text, so a `\u00a0` or `\t` the
 * JSON escaping put between two digits cannot hide a number from the mask. The line's own time
 * (milliseconds since 1970: 13 digits) is the one long number kept.
 */
export function maskLogLine(line: string): string {
  try {
    return `${JSON.stringify(maskFields(JSON.parse(line) as object, (key) => key === 'time'))}\n`;
  } catch {
    return loggableText(line);
  }
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's request serializer: any other `req` logged gets the same few fields. */
const serializers = {
  req: (req: Partial<LoggedRequest>) => ({
    method: req.method,
    url: req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};

export const loggerOptions = (level: Config['logLevel']): LoggerOptions => ({
  level,
  redact: { paths: redactPaths, censor: '[redacted]' },
  serializers,
  hooks: { streamWrite: maskLogLine },
});

export const createLogger = (level: Config['logLevel']): Logger => pino(loggerOptions(level));
