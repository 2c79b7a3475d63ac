import { readUploadAnswer } from './upload-outcome';

const result = { rows: 2, added: 0, already_in_pool: 0, rejected_count: 2, rejected: [{ row: 2, reason: 'The card has expired' }] };

test('reads each answer of the upload call', () => {
  expect(readUploadAnswer({ status: 201, body: { status: 'success', message: 'Cards uploaded successfully', data: result } })).toEqual({
    kind: 'uploaded',
    result,
  });
  expect(readUploadAnswer({ status: 201, body: { status: 'success' } })).toEqual({ kind: 'uploaded', result: undefined });
  expect(readUploadAnswer({ status: 415, body: { status: 'error', message: 'Not a workbook', code: 'unsupported_media_type' } })).toEqual({
    kind: 'refused',
    message: 'Not a workbook',
    result: undefined,
  });
  expect(readUploadAnswer({ status: 422, body: { status: 'error', message: 'No card could be added', data: result } })).toEqual({
    kind: 'refused',
    message: 'No card could be added',
    result,
  });
  expect(readUploadAnswer({ status: 400, body: { status: 'error', message: 'The sheet has no Card Number column' } })).toEqual({
    kind: 'refused',
    message: 'The sheet has no Card Number column',
    result: undefined,
  });
  expect(readUploadAnswer({ status: 500, body: '<html>oops</html>' })).toEqual({ kind: 'refused', message: undefined, result: undefined });
  expect(readUploadAnswer({ status: 401, body: { status: 'error', message: 'Unauthorized' } })).toEqual({ kind: 'session-ended' });
});
