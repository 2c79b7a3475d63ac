import type { Db } from '../db/db';
import type { CardBrand } from '@paydesk/shared/cards/card-rules';

export interface Route {
  providerKeyId: number | null;
  feeCents: number;
}

/** Sandbox routing: card brands spread over the configured provider keys ("Switch Used"). */
const slotOf = (brand: CardBrand): number => {
  switch (brand) {
    case 'visa':
    case 'mastercard':
      return 0;
    case 'amex':
      return 1;
    case 'discover':
    case 'unknown':
      return 2;
  }
};

/** Picks the provider key for a payment and its fee; without keys, no switch and no fee. */
export async function routePayment(db: Db, brand: CardBrand, amountCents: number): Promise<Route> {
  const keys = await db.query<{ id: number; fee_bps: number; fee_fixed_cents: number }>(
    'select id, fee_bps, fee_fixed_cents from provider_keys order by id',
  );
  const key = keys[slotOf(brand) % Math.max(keys.length, 1)];
  if (!key) return { providerKeyId: null, feeCents: 0 };
  const feeCents = Math.min(amountCents, Math.round((amountCents * key.fee_bps) / 10_000) + key.fee_fixed_cents);
  return { providerKeyId: key.id, feeCents };
}
