import { brandLabel, detectBrand, withCheckDigit } from '@paydesk/shared/cards/card-rules';
import type { Db } from '../db/db';
import type { CardVault } from '../cards/card-vault';
import { sealCard } from '../cards/sealed-card';
import { insertPoolCards, setPoolCardStatus } from '../cards/cards-repository';
import { createPrng } from './prng';

/** README, Sandbox test cards: pooled cards a demo user can pay with (CVV 123, expiry 12 / three years on). */
export const DEMO_POOL_CARDS = ['4000056655665556', '5200828282828210'] as const;

/**
 * A demo card pool: the documented cards and a score of generated ones, a few of them blocked.
 * Numbers are sealed like any upload.
 */
export async function seedDemoPoolCards(db: Db, keys: { vault: CardVault; fingerprintKey: string }, now: Date = new Date()): Promise<void> {
  const prng = createPrng(4_242);
  const prefixes = ['4', '51', '52', '2221', '34', '37', '6011'];
  const generated = Array.from({ length: 22 }, () => {
    const prefix = prng.pick(prefixes);
    const length = prefix.startsWith('3') ? 15 : 16;
    let body = prefix;
    while (body.length < length - 1) body += String(prng.int(0, 9));
    return withCheckDigit(body);
  });
  const year = now.getFullYear();
  const cards = [...DEMO_POOL_CARDS, ...generated].map((cardNumber, i) => {
    const brand = detectBrand(cardNumber);
    return sealCard(
      { vault: keys.vault, fingerprintKey: keys.fingerprintKey },
      {
        row: i + 2,
        cardNumber,
        cvv: i < DEMO_POOL_CARDS.length ? '123' : String(prng.int(brand === 'amex' ? 1000 : 100, brand === 'amex' ? 9999 : 999)),
        brand: brandLabel(brand),
        expiryMonth: i < DEMO_POOL_CARDS.length ? 12 : prng.int(1, 12),
        expiryYear: i < DEMO_POOL_CARDS.length ? year + 3 : year + prng.int(1, 5),
      },
    );
  });
  await insertPoolCards(db, cards);
  const ids = await db.query<{ id: string }>('select id from pool_cards order by id desc limit 3');
  for (const { id } of ids) await setPoolCardStatus(db, Number(id), 'blocked');
}
