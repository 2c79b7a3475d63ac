import { errorCodeFor, type ApiError, type ErrorCode } from '@paydesk/shared/schemas/common';

/** The API's error body; the code defaults to the one of the status. */
export const errorBody = (status: number, message: string, code: ErrorCode = errorCodeFor(status)): ApiError => ({
  status: 'error',
  message,
  code,
});
