import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { isColorSupported, prettyFactory } from 'pino-pretty';
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

/** Where the lines go: process.stdout, or a test's stream. `isTTY` tells a terminal (LOG_FORMAT=auto). */
export interface LogOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** LOG_FORMAT: `auto` is pretty on a terminal and JSON anywhere else (a pipe, a file, a log collector). */
export const resolveLogFormat = (format: Config['logFormat'], output: LogOutput): 'json' | 'pretty' =>
  format === 'auto' ? (output.isTTY === true ? 'pretty' : 'json') : format;

/** Requests whose start is remembered for their completion line; past this, the oldest are forgotten. */
const REMEMBERED_REQUESTS = 1_000;

interface RequestLine {
  msg?: unknown;
  reqId?: unknown;
  req?: { method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
}

/** A request's completion as a person reads it: `GET /control/login → 200 in 3.2 ms`. */
function requestSummary(log: RequestLine, started: string | undefined): string {
  const status = typeof log.res?.statusCode === 'number' ? log.res.statusCode : '?';
  const time = typeof log.responseTime === 'number' ? ` in ${log.responseTime.toFixed(1)} ms` : '';
  return `${started ?? `request ${String(log.reqId)}`} → ${status}${time}`;
}

/**
 * Short lines for a person at a terminal (LOG_FORMAT=pretty, or auto on a terminal): time, level,
 * message and the other fields on one line, and one line per request when it completes (its
 * `incoming request` line is held back until then). pino calls the `streamWrite` hook, maskLogLine,
 * before a destination sees a line, so what is made pretty here is the masked line: its texts and
 * long numbers are masked already, and this only rearranges them. The request summary puts the
 * address between letters (the method, `→ 200 in`), so no two fields' digits run together.
 */
export function prettyDestination(
  output: LogOutput,
  { colorize = output === process.stdout && isColorSupported }: { colorize?: boolean } = {},
): DestinationStream {
  const started = new Map<string, string>();
  const prettify = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    singleLine: true,
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const line = log as RequestLine;
      if (line.msg === 'request completed') return requestSummary(line, started.get(String(line.reqId)));
      return String(log[messageKey] ?? '');
    },
  });
  return {
    write(text: string) {
      let log: RequestLine & Record<string, unknown>;
      try {
        log = JSON.parse(text) as typeof log;
      } catch {
        output.write(text);
        return;
      }
      const id = String(log.reqId);
      if (log.msg === 'incoming request' && log.req) {
        started.set(id, `${String(log.req.method)} ${String(log.req.url)}`);
        if (started.size > REMEMBERED_REQUESTS) started.delete(started.keys().next().value!);
        return;
      }
      output.write(prettify(log));
      if (log.msg === 'request completed') started.delete(id);
    },
  };
}

/**
 * The server's logger: JSON lines, or pretty ones for a terminal (LOG_FORMAT); both are masked
 * by maskLogLine before anything is written.
 */
export function createLogger(level: Config['logLevel'], format: Config['logFormat'] = 'json', output: LogOutput = process.stdout): Logger {
  if (resolveLogFormat(format, output) === 'pretty') return pino(loggerOptions(level), prettyDestination(output));
  return output === process.stdout ? pino(loggerOptions(level)) : pino(loggerOptions(level), output as DestinationStream);
}
