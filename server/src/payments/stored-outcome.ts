import type { NewPayment } from './payments-repository';
import { declineMessage, PROCESSING_ERROR_MESSAGE, type SandboxOutcome } from './sandbox-processor';

type Outcome = Pick<NewPayment, 'status' | 'response_message' | 'challenge' | 'challenge_outcome' | 'resolve_at' | 'resolve_to'>;

const none = { challenge: null, challenge_outcome: null, resolve_at: null, resolve_to: null } as const;

/** How a sandbox outcome is stored on the transaction row. */
export function storedOutcome(outcome: SandboxOutcome, pendingResolveSeconds: number): Outcome {
  switch (outcome.kind) {
    case 'success':
      return { ...none, status: 'completed', response_message: 'Payment successful' };
    case 'declined':
      return { ...none, status: 'failed', response_message: declineMessage(outcome.decline) };
    case 'processing_error':
      return { ...none, status: 'failed', response_message: PROCESSING_ERROR_MESSAGE };
    case 'challenge':
      return {
        ...none,
        status: 'pending',
        response_message: '3-D Secure authentication required',
        challenge: 'acs',
        challenge_outcome: outcome.then,
      };
    case 'demo_challenge':
      return {
        ...none,
        status: 'pending',
        response_message: '3-D Secure authentication required',
        challenge: 'demo',
        challenge_outcome: 'completed',
      };
    case 'pending':
      return {
        ...none,
        status: 'pending',
        response_message: 'Your payment is being processed by the bank.',
        resolve_at: new Date(Date.now() + pendingResolveSeconds * 1000),
        resolve_to: outcome.then,
      };
  }
}
