import type { FormAnswer } from '@paydesk/shared/api/post-form';
import { cardUploadError, cardUploadResponse, type CardUploadResult } from '@paydesk/shared/schemas/card';

/** What an upload's answer means for the dialog (VAL-12, CARD-10, ERR-10). */
export type UploadOutcome =
  | { kind: 'uploaded'; result: CardUploadResult | undefined }
  | { kind: 'invalid-file' }
  | { kind: 'refused'; message: string | undefined; result: CardUploadResult | undefined }
  | { kind: 'session-ended' };

export function readUploadAnswer({ status, body }: FormAnswer): UploadOutcome {
  if (status === 401) return { kind: 'session-ended' };
  if (status >= 200 && status < 300) {
    const parsed = cardUploadResponse.safeParse(body);
    return { kind: 'uploaded', result: parsed.success ? parsed.data.data : undefined };
  }
  if (status === 415) return { kind: 'invalid-file' };
  const error = cardUploadError.safeParse(body);
  return {
    kind: 'refused',
    message: error.success && error.data.message ? error.data.message : undefined,
    result: error.success ? error.data.data : undefined,
  };
}
