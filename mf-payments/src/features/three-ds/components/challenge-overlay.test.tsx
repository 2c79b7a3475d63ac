import { act, render } from '@testing-library/react';
import { ChallengeOverlay, isChallengeComplete } from './challenge-overlay';

const origin = 'https://acs.paydesk.test';
const message = (data: unknown, from = origin) => new MessageEvent('message', { data, origin: from });
const done = { type: '3DS_CHALLENGE_COMPLETE', transaction_id: 'txn_1' };

test('only a well-formed message from the challenge origin, for this transaction, counts', () => {
  expect(isChallengeComplete(message(done), origin, 'txn_1')).toBe(true);
  expect(isChallengeComplete(message(done, 'https://evil.test'), origin, 'txn_1')).toBe(false);
  expect(isChallengeComplete(message(done, 'http://localhost'), origin, 'txn_1')).toBe(false);
  expect(isChallengeComplete(message({ type: 'SOMETHING_ELSE', transaction_id: 'txn_1' }), origin, 'txn_1')).toBe(false);
  expect(isChallengeComplete(message('3DS_CHALLENGE_COMPLETE'), origin, 'txn_1')).toBe(false);
  expect(isChallengeComplete(message({ ...done, transaction_id: 'txn_2' }), origin, 'txn_1')).toBe(false);
});

describe('the overlay', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('submits its own form after 1 s, and completes once on the right message', () => {
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const onComplete = jest.fn();
    render(
      <ChallengeOverlay
        form={{ action: `${origin}/challenge`, fields: [['creq', 'c1']] }}
        transactionId="txn_1"
        challengeOrigin={origin}
        onComplete={onComplete}
      />,
    );
    act(() => jest.advanceTimersByTime(999));
    expect(submit).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(submit).toHaveBeenCalledTimes(1);
    const form = submit.mock.instances[0] as unknown as HTMLFormElement;
    expect(form.action).toBe(`${origin}/challenge`);
    expect((form.elements.namedItem('creq') as HTMLInputElement).value).toBe('c1');

    act(() => {
      window.dispatchEvent(message(done, 'https://evil.test'));
      window.dispatchEvent(message({ nope: true }));
    });
    expect(onComplete).not.toHaveBeenCalled();
    act(() => {
      window.dispatchEvent(message(done));
      window.dispatchEvent(message(done));
    });
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('txn_1');
    submit.mockRestore();
  });
});
