import type { preValidationAsyncHookHandler } from 'fastify';
import { invalid } from '../errors/domain-error';

export const UNSTORABLE_TEXT = 'The request contains characters that cannot be accepted (NUL or broken Unicode)';

/** NUL, or a UTF-16 surrogate without its pair: PostgreSQL text and jsonb can hold neither. */
// eslint-disable-next-line no-control-regex -- NUL is the character this guard is for
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string or key in the value has such a character. Iterative: a body may nest 10,000 deep. */
export function hasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (unstorable.test(next)) return true;
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (unstorable.test(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * Refuses (400) a request whose parameters, query or parsed body carry text the database cannot
 * store, before any schema or handler sees it; otherwise PostgreSQL refuses it mid-write with a 500.
 */
export const rejectUnstorableText: preValidationAsyncHookHandler = async (request) => {
  if (hasUnstorableText(request.params) || hasUnstorableText(request.query) || hasUnstorableText(request.body)) {
    throw invalid(UNSTORABLE_TEXT);
  }
};
