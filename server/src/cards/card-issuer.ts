import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db';
import type { CardVault } from './card-vault';
import { lockPoolCard, recordPoolCardUse } from './cards-repository';

/** Why a card is declined, by the pool's issuer or the sandbox's test-card table (payments/sandbox-processor.ts). */
export type Decline =
  | 'generic_decline'
  | 'insufficient_funds'
  | 'lost_card'
  | 'stolen_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'incorrect_expiry'
  | 'blocked_card';

export interface CardIssuer {
  vault: CardVault;
  /** Consecutive failures after which the pool blocks a card by itself (CARD_POOL_MAX_FAILURES). */
  maxFailures: number;
}

interface Presented {
  fingerprint: string;
  cvv: string;
  expiryMonth: number;
  expiryYear: number;
}

/** What the issuer says of a card: not in the pool (the test-card table decides), or its verdict. */
export type IssuerVerdict =
  | { pooled: false }
  | { pooled: true; cardId: number; decline: Extract<Decline, 'blocked_card' | 'incorrect_cvc' | 'incorrect_expiry'> | null };

/**
 * The sandbox issuer's check of a payment against the card pool. It locks the pooled card's row
 * for the rest of the payment's transaction, so concurrent attempts count their failures one by one.
 */
export async function checkWithIssuer(db: Db, issuer: CardIssuer, card: Presented): Promise<IssuerVerdict> {
  const pooled = await lockPoolCard(db, card.fingerprint);
  if (!pooled) return { pooled: false };
  const cardId = Number(pooled.id);
  if (pooled.status === 'blocked') return { pooled: true, cardId, decline: 'blocked_card' };
  if (Number(pooled.expiry_month) !== card.expiryMonth || Number(pooled.expiry_year) !== card.expiryYear) {
    return { pooled: true, cardId, decline: 'incorrect_expiry' };
  }
  const { cvv } = issuer.vault.open(pooled.sealed, card.fingerprint);
  return { pooled: true, cardId, decline: sameDigits(cvv, card.cvv) ? null : 'incorrect_cvc' };
}

const sameDigits = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Records the payment on the pooled card (same transaction as the payment row). */
export async function recordIssuerUse(
  db: Db,
  issuer: CardIssuer,
  verdict: IssuerVerdict,
  payment: { transactionId: string; succeeded: boolean; reason: string | null },
): Promise<void> {
  if (!verdict.pooled) return;
  await recordPoolCardUse(db, { cardId: verdict.cardId, ...payment, maxFailures: issuer.maxFailures });
}
