import { z } from 'zod/mini';
import { api } from '@paydesk/shared/api/api-slice';
import { open, seal } from '@paydesk/shared/crypto/envelope';
import type { CheckoutRequest, CheckoutStatus } from '@paydesk/shared/schemas/checkout';
import {
  cardTransactionPayload,
  transactionResult,
  type CardTransactionPayload,
  type TransactionResult,
} from '@paydesk/shared/schemas/payment';
import {
  initializeCardTransactionResponse,
  processCardTransactionResponse,
  publicAnswer,
  type DemoThreeDsRequest,
} from '@paydesk/shared/schemas/payer-api';
import { validateCheckout } from './checkout-validation';
import { keysFor } from './envelope-keys';
import { loadPublicConfig } from './public-config';
import { customError, publicFetch } from './public-fetch';

// zod/mini has no messages of its own; the payer sees zod's English ones (e.g. an e-mail the pay
// form let through that the payment refuses), as with full zod. This module loads with the card
// dialog, not with the form.
z.config(z.locales.en());

/** Answers whose data the payer pages do not use (CHK-08, PAY-11): only whether the call succeeded counts. */
const statusAnswer = publicAnswer(z.unknown());

export interface Initialisation {
  proceed: boolean;
  transactionId: string;
  orderId: string;
  message: string;
}

/**
 * The public calls of API-02, each with the publishable key of GET /api/public/config,
 * in the one API slice. The pay form and the widget's first validation do not come through
 * here (they call public-fetch.ts directly, before any store is loaded); everything after does.
 */
export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateCheckout: build.query<CheckoutRequest, string>({
      queryFn: (reference) => validateCheckout(reference),
      providesTags: (_result, _error, reference) => [{ type: 'Checkout', id: reference }],
    }),
    updateCheckoutStatus: build.mutation<null, { reference: string; status: CheckoutStatus; transaction_id?: string }>({
      queryFn: async (body) => {
        const setup = await loadPublicConfig();
        if ('error' in setup) return setup;
        const answer = await publicFetch({ url: '/update-checkout-status', method: 'POST', body }, statusAnswer, setup.data.publishableKey);
        return 'error' in answer ? answer : { data: null };
      },
      invalidatesTags: (_result, _error, body) => [{ type: 'Checkout', id: body.reference }],
    }),
    initializeCardTransaction: build.mutation<Initialisation, { card_number: string; reference: string | null }>({
      queryFn: async ({ card_number, reference }) => {
        const setup = await loadPublicConfig();
        if ('error' in setup) return setup;
        const body = { card_number, currency: 'USD', reference };
        const answer = await publicFetch(
          { url: '/initialize-card-transaction', method: 'POST', body },
          initializeCardTransactionResponse,
          setup.data.publishableKey,
        );
        if ('error' in answer) return answer;
        const { status, message, data } = answer.data;
        if (status !== 'success' || !data) return customError(message || 'Transaction failed. Please try again.');
        return {
          data: { proceed: data.gatewayRecommendation === 'PROCEED', transactionId: data.transactionId, orderId: data.orderId, message },
        };
      },
    }),
    processCardTransaction: build.mutation<TransactionResult, CardTransactionPayload>({
      queryFn: async (payload) => {
        const setup = await loadPublicConfig();
        if ('error' in setup) return setup;
        const checked = cardTransactionPayload.safeParse(payload);
        if (!checked.success) return customError(checked.error.issues[0]?.message ?? 'Invalid card details');
        const keys = keysFor(setup.data);
        const body = { data: seal(checked.data, keys) };
        const answer = await publicFetch(
          { url: '/process-card-transaction', method: 'POST', body },
          processCardTransactionResponse,
          setup.data.publishableKey,
        );
        if ('error' in answer) return answer;
        if (answer.data.status !== 'success') return customError(`Transaction failed: ${answer.data.message}`);
        try {
          // A tampered or foreign envelope throws here (EnvelopeError) and is never trusted.
          return { data: transactionResult.parse(open(answer.data.data ?? '', keys)) };
        } catch {
          return customError('Payment processing failed. Please try again.');
        }
      },
    }),
    requery: build.query<TransactionResult, string>({
      queryFn: async (transactionId) => {
        const setup = await loadPublicConfig();
        if ('error' in setup) return setup;
        const url = `/checkout/requery?reference=${encodeURIComponent(transactionId)}`;
        const answer = await publicFetch({ url }, publicAnswer(transactionResult), setup.data.publishableKey);
        if ('error' in answer) return answer;
        if (answer.data.status !== 'success' || !answer.data.data) return customError(answer.data.message || 'Invalid response');
        return { data: answer.data.data };
      },
      keepUnusedDataFor: 0,
    }),
    completeDemoThreeDs: build.mutation<null, DemoThreeDsRequest>({
      queryFn: async (body) => {
        const setup = await loadPublicConfig();
        if ('error' in setup) return setup;
        const answer = await publicFetch({ url: '/demo-3ds/complete', method: 'POST', body }, statusAnswer, setup.data.publishableKey);
        return 'error' in answer ? answer : { data: null };
      },
    }),
  }),
});

export const {
  useValidateCheckoutQuery,
  useUpdateCheckoutStatusMutation,
  useInitializeCardTransactionMutation,
  useProcessCardTransactionMutation,
  useLazyRequeryQuery,
  useCompleteDemoThreeDsMutation,
} = paymentsApi;
