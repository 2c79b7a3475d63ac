import { postForm, type FormAnswer } from '@paydesk/shared/api/post-form';
import { fileCreatedResponse } from '@paydesk/shared/schemas/dispute';
import type { FileObject } from '@paydesk/shared/schemas/merchant-objects';
import type { AppDispatch } from '@paydesk/shared/store';

export interface UploadOptions {
  onProgress: (sent: number) => void;
  signal: AbortSignal;
}

/** What an upload came to: the stored file, the server's refusal in its words, or the end of the session. */
export type UploadOutcome = { kind: 'uploaded'; file: FileObject } | { kind: 'refused'; message: string } | { kind: 'session-ended' };

const UPLOAD_FAILED = 'The file could not be uploaded';

export function readUploadAnswer({ status, body }: FormAnswer): UploadOutcome {
  if (status === 401) return { kind: 'session-ended' };
  const created = fileCreatedResponse.safeParse(body);
  if (status >= 200 && status < 300 && created.success) return { kind: 'uploaded', file: created.data.data };
  // Read leniently: a proxy's or an older server's refusal still shows its message.
  const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : '';
  return { kind: 'refused', message: message || UPLOAD_FAILED };
}

/**
 * POST /api/backend/files (DSP-11): one evidence file as the multipart field `file`, with the
 * purpose `dispute_evidence`. Through XMLHttpRequest for its upload progress.
 */
export const uploadEvidence =
  (file: File, options: UploadOptions) =>
  async (dispatch: AppDispatch): Promise<UploadOutcome> => {
    const form = new FormData();
    form.append('purpose', 'dispute_evidence');
    form.append('file', file, file.name);
    return readUploadAnswer(await dispatch(postForm('/backend/files', form, options)));
  };
