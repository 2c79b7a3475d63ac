import { useEffect } from 'react';
import { readApiError } from '@paydesk/shared/api/api-error';
import { notify } from '@paydesk/shared/ui/notify';

/**
 * Shows a failure toast of ERR-08 once per failed request. A 401 is left to the shared base query,
 * which logs out with its own toast.
 */
export function useErrorToast(error: unknown, requestId: string | undefined, title: string, message: string): void {
  useEffect(() => {
    if (error && readApiError(error).status !== 401) notify('error', title, message);
  }, [error, requestId, title, message]);
}
