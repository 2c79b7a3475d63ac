import type { Decline } from '../cards/card-issuer';

/**
 * The sandbox processor: the test-card table of SBX-01 (docs/requirements.md), decided from the
 * card alone. Any other valid card succeeds, unless the card pool's issuer declines it first
 * (SBX-03, cards/card-issuer).
 */
export type SandboxOutcome =
  | { kind: 'success' }
  | { kind: 'declined'; decline: Decline }
  | { kind: 'processing_error' }
  /** 3-D Secure in the issuer's challenge frame; completing it leads to `then`. */
  | { kind: 'challenge'; then: 'completed' | 'failed' }
  /** 3-D Secure through the demo modal: the sandbox issuer decides from the code the payer typed (demo-issuer.ts). */
  | { kind: 'demo_challenge' }
  /** Accepted, resolved by the background job after the configured delay. */
  | { kind: 'pending'; then: 'completed' | 'failed' };

const table: Record<string, SandboxOutcome> = {
  '4000000000000002': { kind: 'declined', decline: 'generic_decline' },
  '4000000000009995': { kind: 'declined', decline: 'insufficient_funds' },
  '4000000000009987': { kind: 'declined', decline: 'lost_card' },
  '4000000000009979': { kind: 'declined', decline: 'stolen_card' },
  '4000000000000069': { kind: 'declined', decline: 'expired_card' },
  '4000000000000127': { kind: 'declined', decline: 'incorrect_cvc' },
  '4000000000000119': { kind: 'processing_error' },
  '4000000000003220': { kind: 'challenge', then: 'completed' },
  '4000008400001629': { kind: 'challenge', then: 'failed' },
  '4000002760003184': { kind: 'demo_challenge' },
  '4000000000007205': { kind: 'pending', then: 'completed' },
  '4000000000007304': { kind: 'pending', then: 'failed' },
};

/** The payment succeeds, but every refund of it fails at settlement and its money returns (REF-07). */
export const REFUND_FAILS_CARD = '4000000000005126';
export const REFUND_FAILURE_MESSAGE = "The card's issuer refused the refund (sandbox: the test card ending 5126 fails refunds)";

/** The payment succeeds, then its cardholder's bank disputes it as fraudulent (DSP-02). */
export const DISPUTE_CARD = '4000000000000259';
/** The payment succeeds, then its cardholder's bank opens an inquiry, which moves no money until it becomes a dispute (DSP-02). */
export const INQUIRY_CARD = '4000000000001976';
/** Evidence holding this text wins its dispute or closes its inquiry; holding the other, it loses (DSP-04). */
export const WINNING_EVIDENCE = 'winning_evidence';
export const LOSING_EVIDENCE = 'losing_evidence';

/** Initialisation refuses it (not PROCEED): blocked as fraudulent. */
const blockedAtInitialisation = new Set(['4100000000000019']);

export const recommendationFor = (cardNumber: string): 'PROCEED' | 'DO_NOT_PROCEED' =>
  blockedAtInitialisation.has(cardNumber) ? 'DO_NOT_PROCEED' : 'PROCEED';

export const sandboxOutcome = (cardNumber: string): SandboxOutcome => table[cardNumber] ?? { kind: 'success' };

/** What the payer reads (the failure page's Failure Reason). */
export function declineMessage(decline: Decline): string {
  switch (decline) {
    case 'generic_decline':
      return 'Your card was declined.';
    case 'insufficient_funds':
      return 'Your card has insufficient funds.';
    case 'lost_card':
      return 'Your card was declined: it has been reported lost.';
    case 'stolen_card':
      return 'Your card was declined: it has been reported stolen.';
    case 'expired_card':
      return 'Your card has expired.';
    case 'incorrect_cvc':
      return "Your card's security code is incorrect.";
    case 'incorrect_expiry':
      return "Your card's expiry date is incorrect.";
    case 'blocked_card':
      return 'Your card was declined: it is blocked by its issuer.';
  }
}

export const PROCESSING_ERROR_MESSAGE = 'A processing error occurred. Please try again.';
export const FRAUD_BLOCK_MESSAGE = 'This card was blocked as fraudulent. Please use another card.';
