import { failureReason } from './failure-reason';

const failed = { status: 'failed', response: null, response_content: null };

test('takes the response message first, then the debug message at either nesting', () => {
  expect(failureReason({ ...failed, response: { message: 'Card declined' }, response_content: { debugMessage: 'do_not_honor' } })).toBe(
    'Card declined',
  );
  expect(failureReason({ ...failed, response: { message: null }, response_content: { debugMessage: 'do_not_honor' } })).toBe(
    'do_not_honor',
  );
  expect(failureReason({ ...failed, response_content: { response_content: { debugMessage: 'nested' } } })).toBe('nested');
  expect(failureReason(failed)).toBeNull();
});

test('a successful transaction has no failure reason', () => {
  expect(failureReason({ status: 'success', response: { message: 'Approved' }, response_content: null })).toBeNull();
});
