import { apiError } from '../schemas/common';
import { endedBySignOut, readApiError } from './api-error';

test('an API error answer gives its status, message and code', () => {
  const error = { status: 409, data: { status: 'error', message: 'Insufficient balance', code: 'insufficient_balance' } };
  expect(readApiError(error)).toEqual({ status: 409, httpStatus: 409, message: 'Insufficient balance', code: 'insufficient_balance' });
});

test('a body without a usable message or a known code gives neither', () => {
  expect(readApiError({ status: 502, data: '<html>Bad gateway</html>' })).toEqual({
    status: 502,
    httpStatus: 502,
    message: undefined,
    code: undefined,
  });
  expect(readApiError({ status: 400, data: { message: '', code: 'no_such_code' } })).toMatchObject({ message: undefined, code: undefined });
  expect(readApiError({ status: 400, data: { message: 42 } })).toMatchObject({ message: undefined });
  expect(readApiError({ status: 404, data: null })).toMatchObject({ status: 404, message: undefined });
  // A proxy's or an older server's answer still shows its message.
  expect(readApiError({ status: 413, data: { message: 'Too large' } })).toMatchObject({ message: 'Too large', code: undefined });
});

test('the failures without a readable answer are told apart', () => {
  expect(readApiError({ status: 'PARSING_ERROR', originalStatus: 500, data: 'oops', error: 'SyntaxError' })).toEqual({
    status: 'unreadable',
    httpStatus: 500,
    message: undefined,
    code: undefined,
  });
  expect(readApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toMatchObject({
    status: 'network',
    httpStatus: undefined,
  });
  expect(readApiError({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toMatchObject({ status: 'timeout' });
  expect(readApiError({ status: 'CUSTOM_ERROR', error: 'Invalid response' })).toMatchObject({
    status: 'custom',
    message: 'Invalid response',
  });
  expect(readApiError({ name: 'AbortError', message: 'Aborted' })).toMatchObject({ status: 'aborted', message: undefined });
  for (const odd of [undefined, null, 'boom', 42, {}, { name: 'Error', message: 'x' }, { status: 'SOMETHING' }]) {
    expect(readApiError(odd)).toEqual({ status: 'unknown', httpStatus: undefined, message: undefined, code: undefined });
  }
});

test('the reader agrees with the apiError schema on what an error body says', () => {
  const bodies: unknown[] = [
    { status: 'error', message: 'Refund exceeds amount', code: 'refund_exceeds_amount' },
    { status: 'error', message: 'Webhook URL refused', code: 'webhook_url_refused' },
    { status: 'error', message: 'Not found', code: 'made_up' },
    { status: 'error', message: 'No code' },
    { status: 'error', code: 'not_found' },
    'text',
    null,
  ];
  for (const body of bodies) {
    const parsed = apiError.safeParse(body);
    const read = readApiError({ status: 400, data: body });
    if (parsed.success)
      expect({ message: read.message, code: read.code }).toEqual({ message: parsed.data.message, code: parsed.data.code });
    else expect(read.code === undefined || read.message === undefined).toBe(true);
  }
});

test('a 401 or the abort that signing out causes ends the session; other failures do not', () => {
  expect(endedBySignOut({ status: 401, data: { status: 'error', message: 'Unauthorized', code: 'unauthorized' } })).toBe(true);
  expect(endedBySignOut({ name: 'AbortError', message: 'Aborted' })).toBe(true);
  expect(endedBySignOut({ status: 403, data: {} })).toBe(false);
  expect(endedBySignOut({ status: 'PARSING_ERROR', originalStatus: 401, data: '' })).toBe(false);
  expect(endedBySignOut({ status: 'FETCH_ERROR', error: 'x' })).toBe(false);
});
