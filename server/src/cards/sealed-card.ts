import { cardFingerprint } from './card-fingerprint';
import type { CardRow } from './card-rows';
import type { CardVault } from './card-vault';
import type { NewPoolCard } from './cards-repository';

/** Seals a checked card for storage: the fingerprint, the sealed number and CVV, the shown digits. */
export function sealCard(keys: { vault: CardVault; fingerprintKey: string }, card: CardRow): NewPoolCard {
  const fingerprint = cardFingerprint(keys.fingerprintKey, card.cardNumber);
  return {
    fingerprint,
    sealed: keys.vault.seal({ cardNumber: card.cardNumber, cvv: card.cvv }, fingerprint),
    firstSix: card.cardNumber.slice(0, 6),
    lastFour: card.cardNumber.slice(-4),
    numberLength: card.cardNumber.length,
    brand: card.brand,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
  };
}
