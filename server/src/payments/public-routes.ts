import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EnvelopeError } from '@paydesk/shared/crypto/envelope';
import { apiError, statusMessage } from '@paydesk/shared/schemas/common';
import { cardTransactionPayload, transactionResult } from '@paydesk/shared/schemas/payment';
import {
  demoThreeDsRequest,
  initializeCardTransactionRequest,
  initializeCardTransactionResponse,
  processCardTransactionRequest,
  processCardTransactionResponse,
  publicAnswer,
  publicConfig,
  updateCheckoutStatusRequest,
  validateCheckoutResponse,
} from '@paydesk/shared/schemas/public-api';
import { DomainError, invalid } from '../errors/domain-error';
import { hasUnstorableText, UNSTORABLE_TEXT } from '../validation/text-guard';
import { perAddressLimit } from '../security/register-defences';
import { requireKey } from '../api-keys/register-api-keys';
import { envelopeKeys, open, seal } from './envelope';
import { reportCheckoutStatus, validateCheckout } from './checkouts-service';
import { payerAnswers } from './payer-answers';
import { paymentContexts } from './payment-context';
import { initializeCardTransaction, processCardTransaction, requeryPayment } from './payments-service';
import { completeDemoChallenge } from './settlement';
import { named } from '../named-plugin';

const errors = { 400: apiError, 401: apiError, 402: apiError, 404: apiError, 409: apiError, 429: apiError };
const reference = z.string().min(1).max(64);
const transactionId = z.string().min(1).max(64);

/** The payer's calls (PAY-06, PAY-07, PAY-15, CHK-03, CHK-08), each with the publishable key (API-02). */
export const publicPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = envelopeKeys(app.config.cardEnvelopeKey);
  // The challenge origin is this server's public address, never the request's Host header.
  const context = paymentContexts(app)(app.config.publicUrl);
  const opened = (data: string) => {
    try {
      const payload: unknown = open(data, keys);
      // The request's own text guard (text-guard.ts) cannot see inside the envelope.
      if (hasUnstorableText(payload)) throw invalid(UNSTORABLE_TEXT);
      const parsed = cardTransactionPayload.safeParse(payload);
      if (parsed.success) return parsed.data;
      // zod's messages name what was expected, never the value sent (no card data in an error).
      const issue = parsed.error.issues[0];
      throw invalid(issue ? `Invalid payment data: ${issue.path.join('.') || 'data'}: ${issue.message}` : 'Invalid payment data');
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (error instanceof EnvelopeError) throw invalid(error.message);
      throw invalid('Invalid payment data');
    }
  };

  const answers = payerAnswers(app);
  app.get('/public/config', {
    schema: { tags: ['payments'], summary: 'What payer pages need at run time', response: { 200: publicAnswer(publicConfig) } },
    handler: async () => answers.config(),
  });

  const keyedRoutes: FastifyPluginAsyncZod = async (keyed) => {
    // One count per address over all these calls, before anything is parsed (docs/security.md, Rate limits).
    keyed.addHook('onRequest', perAddressLimit(app, 'payments', app.config.paymentRateLimitPerMinute));
    keyed.addHook('preHandler', requireKey(app, 'publishable'));

    keyed.get('/checkout/validate/:reference', {
      schema: {
        tags: ['payments'],
        summary: "The widget checks its checkout reference: the checkout's request, encrypted, while it can be paid (publishable key)",
        params: z.object({ reference }),
        response: { 200: validateCheckoutResponse, ...errors },
      },
      handler: async (request) => answers.checkout(await validateCheckout(app.db, request.params.reference)),
    });

    keyed.post('/update-checkout-status', {
      schema: {
        tags: ['payments'],
        summary: "The payer page reports a checkout's status; believed only where the stored payment agrees (publishable key)",
        body: updateCheckoutStatusRequest,
        response: { 200: statusMessage, ...errors },
      },
      handler: async (request) => {
        await reportCheckoutStatus(app.db, request.body);
        return { status: 'success' as const, message: 'Checkout status recorded' };
      },
    });

    keyed.post('/initialize-card-transaction', {
      schema: {
        tags: ['payments'],
        summary: 'Initialise a card payment when the card number is entered: recommendation, transaction id, order id (publishable key)',
        body: initializeCardTransactionRequest,
        response: { 200: initializeCardTransactionResponse, ...errors },
      },
      handler: async (request) => {
        const data = await initializeCardTransaction(context, request.body.card_number, request.body.reference);
        return {
          status: 'success' as const,
          message: data.gatewayRecommendation === 'PROCEED' ? 'Proceed' : 'This card was blocked as fraudulent. Please use another card.',
          data,
        };
      },
    });

    keyed.post('/process-card-transaction', {
      schema: {
        tags: ['payments'],
        summary: 'Pay: the card transaction payload, encrypted; answers the transaction result, encrypted (publishable key)',
        body: processCardTransactionRequest,
        response: { 200: processCardTransactionResponse, ...errors },
      },
      handler: async (request) => {
        const result = await processCardTransaction(context, opened(request.body.data));
        return { status: 'success' as const, message: result.response_message, data: seal(result, keys) };
      },
    });

    keyed.get('/checkout/requery', {
      schema: {
        tags: ['payments'],
        summary: 'How a payment ended, by its transaction id: for the pending page and after 3-D Secure (publishable key)',
        querystring: z.object({ reference: transactionId }),
        response: { 200: publicAnswer(transactionResult), ...errors },
      },
      handler: async (request) => {
        const result = await requeryPayment(context, request.query.reference);
        return { status: 'success' as const, message: result.response_message, data: result };
      },
    });

    keyed.post('/demo-3ds/complete', {
      schema: {
        tags: ['payments'],
        summary: 'The demo 3-D Secure step: the code typed, or null when cancelled; the server decides the outcome (publishable key)',
        body: demoThreeDsRequest,
        response: { 200: publicAnswer(transactionResult), ...errors },
      },
      handler: async (request) => {
        const result = await completeDemoChallenge(context, request.body.transaction_id, request.body.otp);
        return { status: 'success' as const, message: result.response_message, data: result };
      },
    });
  };
  await app.register(named(keyedRoutes));
};
