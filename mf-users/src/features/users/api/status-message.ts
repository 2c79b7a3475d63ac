import { statusMessage, type StatusMessage } from '@paydesk/shared/schemas/common';

/** A mutation's {status, message}; a body of any other shape counts as a failure without a message. */
export const toStatusMessage = (raw: unknown): StatusMessage => {
  const parsed = statusMessage.safeParse(raw);
  return parsed.success ? parsed.data : { status: 'error', message: '' };
};
