import { api } from '@paydesk/shared/api/api-slice';
import { postForm } from '@paydesk/shared/api/post-form';
import type { AppDispatch } from '@paydesk/shared/store';
import { readUploadAnswer, type UploadOutcome } from '../model/upload-outcome';

export interface UploadCardsOptions {
  onProgress: (sent: number) => void;
  signal: AbortSignal;
}

/**
 * POST /api/backend/cards/upload, the spreadsheet as the multipart field `file` (CARD-08).
 * Through XMLHttpRequest for its upload progress; the list refetches after any answer but a 401.
 */
export const uploadCards =
  (file: File, options: UploadCardsOptions) =>
  async (dispatch: AppDispatch): Promise<UploadOutcome> => {
    const form = new FormData();
    form.append('file', file, file.name);
    const outcome = readUploadAnswer(await dispatch(postForm('/backend/cards/upload', form, options)));
    if (outcome.kind !== 'session-ended') dispatch(api.util.invalidateTags(['Card']));
    return outcome;
  };
