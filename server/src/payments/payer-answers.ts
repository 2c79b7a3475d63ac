import type { FastifyInstance } from 'fastify';
import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { envelopeKeys, seal } from './envelope';
import { validateCheckout } from './checkouts-service';
import { DomainError } from '../errors/domain-error';

/**
 * The bodies of the payer pages' first answers: GET /api/public/config and GET
 * /api/checkout/validate/{reference}. The routes send them, and so does the widget's page when it
 * is painted with its checkout (frontends/checkout-first-view.ts), so the two are built alike.
 */
export function payerAnswers(app: FastifyInstance) {
  const keys = envelopeKeys(app.config.cardEnvelopeKey);
  return {
    config: () => ({
      status: 'success' as const,
      message: 'OK',
      data: {
        publishableKey: app.keyring.currentPublishable() ?? '',
        envelopeKey: app.config.cardEnvelopeKey,
        supportEmail: app.config.supportEmail,
        challengeOrigin: app.config.publicUrl,
      },
    }),
    checkout: (checkout: CheckoutRequest) => ({ status: 'success' as const, message: 'Valid reference', data: seal(checkout, keys) }),
    /** The checkout behind a reference, or undefined where the API answers 404. */
    findCheckout: async (reference: string): Promise<CheckoutRequest | undefined> => {
      try {
        return await validateCheckout(app.db, reference);
      } catch (error) {
        if (error instanceof DomainError && error.kind === 'notFound') return undefined;
        throw error;
      }
    },
  };
}
