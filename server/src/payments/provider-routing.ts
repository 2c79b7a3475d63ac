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

interface ProviderKey {
  id: number;
  fee_bps: number;
  fee_fixed_cents: number;
}

/**
 * Provider keys change only through an operator's SQL or the demo seed, so each server process
 * reads them at most every KEYS_TTL_MS instead of once per payment (one round trip of ten).
 */
const KEYS_TTL_MS = 30_000;
const keysRead = new WeakMap<Db, { at: number; keys: Promise<ProviderKey[]> }>();

function providerKeys(db: Db): Promise<ProviderKey[]> {
  const cached = keysRead.get(db);
  if (cached && Date.now() - cached.at < KEYS_TTL_MS) return cached.keys;
  const keys = db.query<ProviderKey>('select id, fee_bps, fee_fixed_cents from provider_keys order by id');
  const entry = { at: Date.now(), keys };
  keysRead.set(db, entry);
  // A failed read is not kept: the next payment asks again.
  keys.catch(() => keysRead.get(db) === entry && keysRead.delete(db));
  return keys;
}

/** Picks the provider key for a payment and its fee; without keys, no switch and no fee. */
export async function routePayment(db: Db, brand: CardBrand, amountCents: number): Promise<Route> {
  const keys = await providerKeys(db);
  const key = keys[slotOf(brand) % Math.max(keys.length, 1)];
  if (!key) return { providerKeyId: null, feeCents: 0 };
  const feeCents = Math.min(amountCents, Math.round((amountCents * key.fee_bps) / 10_000) + key.fee_fixed_cents);
  return { providerKeyId: key.id, feeCents };
}
