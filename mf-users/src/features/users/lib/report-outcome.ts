import { readApiError } from '@paydesk/shared/api/api-error';
import type { StatusMessage } from '@paydesk/shared/schemas/common';
import { notify } from '@paydesk/shared/ui/notify';

export type MutationResult = { data: StatusMessage; error?: undefined } | { data?: undefined; error: unknown };

/** The texts of one user call (USR-08, ERR-09): its success toast and its fallback error message. */
export interface OutcomeTexts {
  success: 'User Added' | 'User Updated' | 'User Deleted' | 'Two-Factor Sign-In Reset';
  fallback: 'Failed to add user' | 'Failed to delete user' | 'Failed to reset two-factor sign-in';
}

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/**
 * USR-07 and ERR-09: success only when status is 'success'; a non-OK response or another status
 * gives an Error toast with the server message or the fallback; a failed call gives
 * 'An unexpected error occurred'. Returns whether the call succeeded.
 */
export function reportOutcome(result: MutationResult, texts: OutcomeTexts): boolean {
  if (result.data?.status === 'success') {
    notify('success', texts.success, result.data.message || undefined);
    return true;
  }
  if (result.data) notify('error', 'Error', result.data.message || texts.fallback);
  else {
    // The server answered with any HTTP status, as opposed to the call not getting through.
    const error = readApiError(result.error);
    notify('error', 'Error', error.httpStatus === undefined ? UNEXPECTED_ERROR : (error.message ?? texts.fallback));
  }
  return false;
}
