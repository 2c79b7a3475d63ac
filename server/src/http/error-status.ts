import type { DomainError, ErrorKind } from '../errors/domain-error';

/** The HTTP status of each kind of domain error: the one place where the two meet. */
const statusOfKind: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  declined: 402,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  unsupportedMedia: 415,
  unprocessable: 422,
  rateLimited: 429,
};

export const domainErrorStatus = (error: DomainError): number => statusOfKind[error.kind];
