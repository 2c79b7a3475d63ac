import { apiErrorMessage } from '@paydesk/shared/api/api-slice';
import type { ErrorCode } from '@paydesk/shared/schemas/common';
import { errorCodes } from '@paydesk/shared/schemas/common';
import { notify } from '@paydesk/shared/ui/notify';

/** The stable code of an API error body, if there is one. */
export function apiErrorCode(error: unknown): ErrorCode | undefined {
  const data = typeof error === 'object' && error !== null && 'data' in error ? (error as { data: unknown }).data : undefined;
  const code = typeof data === 'object' && data !== null && 'code' in data ? (data as { code: unknown }).code : undefined;
  return (errorCodes as readonly unknown[]).includes(code) ? (code as ErrorCode) : undefined;
}

/** A failed call: an Error toast with the server's message, or the fallback when it gave none. */
export function reportFailure(error: unknown, fallback: string): void {
  notify('error', 'Error', apiErrorMessage(error) ?? fallback);
}
