import { pino, type Logger, type LoggerOptions } from 'pino';
import { passesLuhn } from '@paydesk/shared/cards/card-rules';
import type { Config } from './config';

const sensitive = ['password', 'card_number', 'cvv', 'token', 'data'];

/** Never log credentials, card data or the encrypted envelopes, at any depth we log bodies. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  ...sensitive.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** 13 to 19 digits, perhaps in groups (space, +, - or %20 between them). */
const digitRun = /(?<!\d)\d(?:(?:%20|[ +-])?\d){12,18}(?!\d)/g;

/**
 * A card number in an address (a back-office search by card number, a number pasted where an id
 * goes) is logged as its first six and last four digits only, as PCI DSS allows a PAN to be shown.
 */
export function maskCardNumbers(text: string): string {
  return text.replace(digitRun, (run) => {
    const digits = run.replace(/%20|\D/g, '');
    return digits.length >= 13 && digits.length <= 19 && passesLuhn(digits) ? `${digits.slice(0, 6)}…${digits.slice(-4)}` : run;
  });
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const maskUrl = (url: unknown) => (typeof url === 'string' ? maskCardNumbers(url) : url);

/** Fastify's request serializer (any other `req` logged gets the same few fields), card numbers in the address masked. */
const serializers = {
  req: (req: Partial<LoggedRequest>) => ({ method: req.method, url: maskUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }),
  url: maskUrl,
};

export const loggerOptions = (level: Config['logLevel']): LoggerOptions => ({
  level,
  redact: { paths: redactPaths, censor: '[redacted]' },
  serializers,
});

export const createLogger = (level: Config['logLevel']): Logger => pino(loggerOptions(level));
