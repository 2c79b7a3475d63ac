import { pino, type Logger, type LoggerOptions } from 'pino';
import type { Config } from './config';

const sensitive = ['password', 'card_number', 'cvv', 'token', 'data'];

/** Never log credentials, card data or the encrypted envelopes, at any depth we log bodies. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  ...sensitive.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

export const loggerOptions = (level: Config['logLevel']): LoggerOptions => ({
  level,
  redact: { paths: redactPaths, censor: '[redacted]' },
});

export const createLogger = (level: Config['logLevel']): Logger => pino(loggerOptions(level));
