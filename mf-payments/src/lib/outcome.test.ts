import { CHALLENGE_PROCESSOR, CHALLENGE_REDIRECT_CODE, DEMO_THREE_DS_TYPE } from '@paydesk/shared/schemas/payer-api';
import { transactionResultOf } from '../testing/public-api-mock';
import { outcomeAfterChallenge, outcomeOf } from './outcome';

const threeDs = (over: Parameters<typeof transactionResultOf>[0]) =>
  transactionResultOf({ status: 'pending_3d', statusOk: true, paymentCompleted: false, ...over });

test.each([
  ['completed', transactionResultOf({ status: 'completed', statusOk: false, paymentCompleted: false }), 'success'],
  ['statusOk + paymentCompleted', transactionResultOf({ status: 'approved' }), 'success'],
  ['pending', transactionResultOf({ status: 'pending', paymentCompleted: false }), 'pending'],
  [
    'S0 challenge',
    threeDs({
      processor: CHALLENGE_PROCESSOR,
      response_content: { code: CHALLENGE_REDIRECT_CODE, redirectHtml: '<form></form>', data: null },
    }),
    'challenge',
  ],
  ['demo', threeDs({ response_content: { code: '01', redirectHtml: null, data: { type: DEMO_THREE_DS_TYPE, script: 'x()' } } }), 'demo'],
  [
    'S0 from another processor',
    threeDs({ processor: 'other', response_content: { code: CHALLENGE_REDIRECT_CODE, redirectHtml: '<form></form>', data: null } }),
    'failure',
  ],
  [
    'pending_3d with only a script',
    threeDs({ response_content: { code: '01', redirectHtml: null, data: { type: 'auto', script: 'x()' } } }),
    'failure',
  ],
  ['failed', transactionResultOf({ status: 'failed', statusOk: false, paymentCompleted: false }), 'failure'],
  ['anything else', transactionResultOf({ status: 'weird', statusOk: true, paymentCompleted: false }), 'failure'],
])('%s → %s', (_name, result, kind) => {
  expect(outcomeOf(result).kind).toBe(kind);
});

test('the failure reason is the server message, or the ERR-05 fallback', () => {
  expect(outcomeOf(transactionResultOf({ status: 'failed', paymentCompleted: false, response_message: 'Lost card' }))).toEqual({
    kind: 'failure',
    reason: 'Lost card',
  });
  expect(outcomeOf(transactionResultOf({ status: 'failed', paymentCompleted: false, response_message: '' }))).toEqual({
    kind: 'failure',
    reason: 'Payment processing failed. Please try again.',
  });
});

test('after a challenge: paymentCompleted, pending, else failure', () => {
  expect(outcomeAfterChallenge(transactionResultOf({ status: 'x', paymentCompleted: true })).kind).toBe('success');
  expect(outcomeAfterChallenge(transactionResultOf({ status: 'pending', paymentCompleted: false })).kind).toBe('pending');
  expect(outcomeAfterChallenge(transactionResultOf({ status: 'pending_3d', paymentCompleted: false })).kind).toBe('failure');
});
