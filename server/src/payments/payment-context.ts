import type { FastifyInstance } from 'fastify';
import { cardVault } from '../cards/card-vault';
import { initializationWriter, paymentWriter } from './payments-repository';
import type { PaymentContext } from './payments-service';

/** The one way routes build a payment context: the database, the keys, the sandbox issuer. */
export function paymentContexts(app: FastifyInstance): (challengeOrigin: string) => PaymentContext {
  const issuer = { vault: cardVault(app.config.cardStorageKey), maxFailures: app.config.cardPoolMaxFailures };
  const saveInitialization = initializationWriter(app.db);
  const storeUnchecked = paymentWriter(app.db);
  return (challengeOrigin) => ({
    db: app.db,
    fingerprintKey: app.config.fingerprintKey,
    pendingResolveSeconds: app.config.pendingResolveSeconds,
    challengeOrigin,
    issuer,
    saveInitialization,
    storeUnchecked,
  });
}
