import { errorCodeFor, type ApiError, type ErrorCode } from '@paydesk/shared/schemas/common';

/** An error whose message is safe to show the client (4xx). The error handler passes it on with its code. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode = errorCodeFor(statusCode),
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The API's error body; the code defaults to the one of the status. */
export const errorBody = (status: number, message: string, code: ErrorCode = errorCodeFor(status)): ApiError => ({ status: 'error', message, code });

export const unauthorized = (message = 'Unauthorized'): HttpError => new HttpError(401, message);
export const forbidden = (message = 'Forbidden'): HttpError => new HttpError(403, message);
export const notFound = (message = 'Not found'): HttpError => new HttpError(404, message);
