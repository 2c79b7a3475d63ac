import type { ErrorCode } from '@paydesk/shared/schemas/error-codes';

/**
 * What kind of refusal an error is, in the domain's words. The kind, not the code, decides the
 * HTTP status (http/error-status.ts): one code can be two kinds, such as a wrong second-factor
 * code, which is invalid input from a signed-in user but a failed sign-in at the login step.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'declined'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'unsupportedMedia'
  | 'unprocessable'
  | 'rateLimited';

/**
 * A refusal whose message is safe to show the caller, with the stable code a program branches on
 * (API-04). Domain code throws it; the one error handler in http/ turns it into the answer.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

// Each factory gives its kind's usual code; a more specific one is passed where a caller has one.
export const invalid = (message: string, code: ErrorCode = 'invalid_request'): DomainError => new DomainError('invalid', message, code);
export const unauthorized = (message = 'Unauthorized', code: ErrorCode = 'unauthorized'): DomainError =>
  new DomainError('unauthorized', message, code);
// A card refused before any payment is made; its code has been invalid_request since codes began.
export const declined = (message: string): DomainError => new DomainError('declined', message, 'invalid_request');
export const forbidden = (message = 'Forbidden', code: ErrorCode = 'forbidden'): DomainError => new DomainError('forbidden', message, code);
export const notFound = (message = 'Not found'): DomainError => new DomainError('notFound', message, 'not_found');
export const conflict = (message: string, code: ErrorCode = 'conflict'): DomainError => new DomainError('conflict', message, code);
export const tooLarge = (message: string): DomainError => new DomainError('tooLarge', message, 'payload_too_large');
export const unsupportedMedia = (message: string): DomainError => new DomainError('unsupportedMedia', message, 'unsupported_media_type');
export const unprocessable = (message: string, code: ErrorCode = 'unprocessable'): DomainError =>
  new DomainError('unprocessable', message, code);
export const rateLimited = (message: string): DomainError => new DomainError('rateLimited', message, 'rate_limited');
