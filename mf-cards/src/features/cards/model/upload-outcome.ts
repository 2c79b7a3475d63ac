import type { FormAnswer } from '@paydesk/shared/api/post-form';
import { cardUploadError, cardUploadResponse, type CardUploadResult } from '@paydesk/shared/schemas/card';

/** Read leniently: a refusal from a proxy or an older server still shows its message. */
const refusal = cardUploadError.pick({ message: true, data: true }).partial();

/**
 * What an upload's answer means for the dialog (VAL-12, CARD-10, ERR-10). Every refusal of the
 * server is `Upload Failed` with its message: `Invalid File` is the dialog's own check of the
 * file name, before anything is sent.
 */
export type UploadOutcome =
  | { kind: 'uploaded'; result: CardUploadResult | undefined }
  | { kind: 'refused'; message: string | undefined; result: CardUploadResult | undefined }
  | { kind: 'session-ended' };

export function readUploadAnswer({ status, body }: FormAnswer): UploadOutcome {
  if (status === 401) return { kind: 'session-ended' };
  if (status >= 200 && status < 300) {
    const parsed = cardUploadResponse.safeParse(body);
    return { kind: 'uploaded', result: parsed.success ? parsed.data.data : undefined };
  }
  const error = refusal.safeParse(body);
  return {
    kind: 'refused',
    message: error.success && error.data.message ? error.data.message : undefined,
    result: error.success ? error.data.data : undefined,
  };
}
