// No zod and no Redux here: the payer pages read their failed calls with this too, and load neither
// for it. The body check mirrors the `apiError` schema of schemas/common.ts (api-error.test.ts
// holds them to the same answers).
import { errorCodes, type ErrorCode } from '../schemas/error-codes';

/**
 * Why a call failed: the HTTP status when the API answered with a readable body; `unreadable`
 * for an answer that was not JSON; `network` when it did not get through; `timeout`; `aborted`
 * when the call was cancelled (signing out resets the API state, which aborts what is in flight);
 * `custom` for a failure the page's own code made (an answer its schema refused); `unknown` for
 * anything else.
 */
export type ApiErrorStatus = number | 'unreadable' | 'network' | 'timeout' | 'aborted' | 'custom' | 'unknown';

export interface ApiErrorReading {
  status: ApiErrorStatus;
  /** The HTTP status of the answer, readable or not; undefined when there was none. */
  httpStatus: number | undefined;
  /** The API's message ({status: 'error', message}), or the page's own text of a custom failure. */
  message: string | undefined;
  /** The stable code of the API's error body (API-04), when it names a known one. */
  code: ErrorCode | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);
const isErrorCode = (value: unknown): value is ErrorCode => (errorCodes as readonly unknown[]).includes(value);

/** The message and code of an API error body; lenient, so a proxy's or an older server's answer still shows its message. */
function readBody(body: unknown): Pick<ApiErrorReading, 'message' | 'code'> {
  if (!isObject(body)) return { message: undefined, code: undefined };
  return { message: text(body.message), code: isErrorCode(body.code) ? body.code : undefined };
}

/**
 * The one reader of a failed call: an RTK Query error (fetchBaseQuery's shapes, or the serialized
 * error of an aborted mutation) or the payer pages' public calls, which use the same shapes.
 */
export function readApiError(error: unknown): ApiErrorReading {
  const none = { httpStatus: undefined, message: undefined, code: undefined };
  if (!isObject(error)) return { status: 'unknown', ...none };
  const { status } = error;
  if (typeof status === 'number') return { status, httpStatus: status, ...readBody(error.data) };
  switch (status) {
    case 'PARSING_ERROR':
      return { ...none, status: 'unreadable', httpStatus: typeof error.originalStatus === 'number' ? error.originalStatus : undefined };
    case 'FETCH_ERROR':
      return { ...none, status: 'network' };
    case 'TIMEOUT_ERROR':
      return { ...none, status: 'timeout' };
    case 'CUSTOM_ERROR':
      return { ...none, status: 'custom', message: text(error.error) };
  }
  if (error.name === 'AbortError') return { ...none, status: 'aborted' };
  return { status: 'unknown', ...none };
}

/**
 * The session is over, so the page shows no failure toast of its own: a 401 (the shared base
 * query signs out with its own toast, or silently for the wallet calls, AUTH-07) or the abort
 * that signing out causes.
 */
export const endedBySignOut = (error: unknown): boolean => {
  const { status } = readApiError(error);
  return status === 401 || status === 'aborted';
};
