import type { Dispatch } from '@reduxjs/toolkit';
import { TOKEN_KEY } from '../session/storage';
import { sessionExpired } from '@paydesk/shared/session/session-slice';
import type { PaydeskExtraOptions } from '@paydesk/shared/api/api-slice';

export interface PostFormOptions extends PaydeskExtraOptions {
  /** Share of the body sent so far, 0 to 1: fetch cannot report upload progress, XHR can. */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
}

/** The server's answer, whatever its status: the caller reads it with its own schemas. */
export interface FormAnswer {
  status: number;
  body: unknown;
}

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * POSTs multipart form data to `/api{path}` with XMLHttpRequest, for uploads that show progress.
 * It treats the session as the API slice's base query does: the stored bearer token goes along,
 * and a 401 on a call made with it ends the session (with the toast unless `silent401`).
 * Rejects with a TypeError when the request does not get through, an AbortError when aborted.
 */
export const postForm =
  (path: string, form: FormData, { onProgress, signal, silent401 }: PostFormOptions = {}) =>
  (dispatch: Dispatch): Promise<FormAnswer> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new DOMException('The upload was aborted', 'AbortError'));
      const token = localStorage.getItem(TOKEN_KEY);
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `/api${path}`);
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
      };
      xhr.upload.onload = () => onProgress?.(1);
      const abort = () => xhr.abort();
      const settle = () => signal?.removeEventListener('abort', abort);
      xhr.onload = () => {
        settle();
        if (xhr.status === 401 && token !== null) dispatch(sessionExpired({ silent: silent401 === true }));
        resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
      };
      xhr.onerror = () => {
        settle();
        reject(new TypeError('The upload did not reach the server'));
      };
      xhr.onabort = () => {
        settle();
        reject(new DOMException('The upload was aborted', 'AbortError'));
      };
      signal?.addEventListener('abort', abort, { once: true });
      xhr.send(form);
    });
