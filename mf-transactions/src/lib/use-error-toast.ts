import { useEffect } from 'react';
import { notify } from '@paydesk/shared/ui/notify';

const isUnauthorized = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 401;

/**
 * Shows a failure toast of ERR-08 once per failed request. A 401 is left to the shared base query,
 * which logs out with its own toast.
 */
export function useErrorToast(error: unknown, requestId: string | undefined, title: string, message: string): void {
  useEffect(() => {
    if (error && !isUnauthorized(error)) notify('error', title, message);
  }, [error, requestId, title, message]);
}
