import { endedBySignOut, readApiError } from '@paydesk/shared/api/api-error';
import { notify } from '@paydesk/shared/ui/notify';

/** A failed call: an Error toast with the server's message, or the fallback; none once the session has ended. */
export function reportFailure(error: unknown, fallback: string): void {
  if (endedBySignOut(error)) return;
  notify('error', 'Error', readApiError(error).message ?? fallback);
}
