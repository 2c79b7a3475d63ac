import type { FastifyInstance } from 'fastify';
import { envelopeKeys, open, seal } from '@paydesk/shared/crypto/envelope';
import type { CardTransactionPayload, TransactionResult } from '@paydesk/shared/schemas/payment';
import type { EphemeralConfig } from '../src/ephemeral-config';
import { bearer } from './helper';

/** The card payment a payer page seals for /api/process-card-transaction, with `extra` over it. */
export const cardPayload = (
  ids: { transactionId: string; orderId: string },
  card: string,
  extra: Partial<CardTransactionPayload> = {},
): CardTransactionPayload => ({
  transaction_id: ids.transactionId,
  order_id: ids.orderId,
  reference: null,
  card_number: card,
  card_month: '12',
  card_year: String(new Date().getFullYear() + 2),
  cvv: card.startsWith('3') ? '1234' : '123',
  amount: 49.99,
  currency: 'USD',
  email: 'payer@example.com',
  phone: '+15550100',
  first_name: 'Pat',
  last_name: 'Payer',
  cardBrand: 'Visa',
  checkout: false,
  checkout_reference: null,
  ...extra,
});

/** What a payer page does, through the public API with the publishable key. */
export function payerClient(app: FastifyInstance, config: EphemeralConfig) {
  const keys = envelopeKeys(config.cardEnvelopeKey);
  const headers = bearer(config.publishableKey);

  const initialize = (cardNumber: string, reference: string | null = null) =>
    app.inject({
      method: 'POST',
      url: '/api/initialize-card-transaction',
      headers,
      payload: { card_number: cardNumber, currency: 'USD', reference },
    });

  const processRaw = (data: string) => app.inject({ method: 'POST', url: '/api/process-card-transaction', headers, payload: { data } });

  /** Initialises and pays with a card; returns the opened transaction result. */
  async function pay(card: string, extra: Partial<CardTransactionPayload> = {}) {
    const init = await initialize(card, extra.checkout_reference ?? null);
    const ids = (init.json() as { data: { transactionId: string; orderId: string } }).data;
    const response = await processRaw(seal(cardPayload(ids, card, extra), keys));
    const body = response.json() as { data?: string; message: string };
    return { response, ids, result: body.data ? (open(body.data, keys) as TransactionResult) : undefined };
  }

  const requery = async (transactionId: string) =>
    app
      .inject({ method: 'GET', url: `/api/checkout/requery?reference=${transactionId}`, headers })
      .then((r) => r.json() as { data: TransactionResult });

  /** What a merchant's server does first: a checkout for `amount` dollars, with the secret key; its reference. */
  const newCheckout = async (amount = 20) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(config.secretKey),
      payload: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101', amount },
    });
    return (response.json() as { data: { reference: string } }).data.reference;
  };

  return { keys, headers, initialize, payload: cardPayload, processRaw, pay, requery, newCheckout };
}
