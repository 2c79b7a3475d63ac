import type { StoreOptions } from '@paydesk/shared/store';
import { notify } from '@paydesk/shared/ui/notify';

/**
 * The store's options with the toast of an expired session (AUTH-07): the store ends the session
 * and has no UI; whoever makes a store passes these, so the user is told.
 */
export const sessionExpiredToast: StoreOptions = {
  onSessionExpired: () => notify('error', 'Unauthorized', 'Your session has expired. Please log in again.'),
};
