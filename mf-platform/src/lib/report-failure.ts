import { readApiError } from '@paydesk/shared/api/api-error';
import { notify } from '@paydesk/shared/ui/notify';

/** A failed call: an Error toast with the server's message, or the fallback when it gave none. */
export function reportFailure(error: unknown, fallback: string): void {
  notify('error', 'Error', readApiError(error).message ?? fallback);
}
