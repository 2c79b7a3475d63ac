import { envelopeKeys } from '@paydesk/shared/crypto/envelope';
import type { PublicConfig } from '@paydesk/shared/schemas/payer-api';

const derived = new Map<string, ReturnType<typeof envelopeKeys>>();

/** Envelope keys of this deployment, derived once per key (crypto-js: the widget and the card dialog only). */
export function keysFor(config: PublicConfig): ReturnType<typeof envelopeKeys> {
  let keys = derived.get(config.envelopeKey);
  if (!keys) {
    keys = envelopeKeys(config.envelopeKey);
    derived.set(config.envelopeKey, keys);
  }
  return keys;
}
