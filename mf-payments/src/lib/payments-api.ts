import { z } from 'zod';
import { api } from '@paydesk/shared/api/api-slice';
import { open, seal } from '@paydesk/shared/crypto/envelope';
import { checkoutRequest, type CheckoutRequest, type CheckoutStatus } from '@paydesk/shared/schemas/checkout';
import { cardTransactionPayload, transactionResult, type CardTransactionPayload, type TransactionResult } from '@paydesk/shared/schemas/payment';
import {
  initializeCardTransactionResponse,
  processCardTransactionResponse,
  publicAnswer,
  validateCheckoutResponse,
} from '@paydesk/shared/schemas/public-api';
import { customError, publicCall } from './public-base-query';
import { configFor, keysFor } from './public-keys';

/** Answers whose data the payer pages do not use (spec: "Result ignored"). */
const statusAnswer = publicAnswer(z.unknown());

export interface Initialisation {
  proceed: boolean;
  transactionId: string;
  orderId: string;
  message: string;
}

/** The public calls of spec point 7, each with the publishable key of GET /api/public/config. */
export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateCheckout: build.query<CheckoutRequest, string>({
      queryFn: async (reference, baseApi) => {
        const setup = await configFor(baseApi);
        if ('error' in setup) return setup;
        const url = `/checkout/validate/${encodeURIComponent(reference)}`;
        const answer = await publicCall({ url }, baseApi, validateCheckoutResponse, setup.config.publishableKey);
        if ('error' in answer) return answer;
        if (answer.data.status !== 'success' || !answer.data.data) return customError(answer.data.message || 'Invalid reference');
        try {
          return { data: checkoutRequest.parse(open(answer.data.data, keysFor(setup.config))) };
        } catch {
          return customError('Invalid response');
        }
      },
      providesTags: (_result, _error, reference) => [{ type: 'Checkout', id: reference }],
    }),
    updateCheckoutStatus: build.mutation<null, { reference: string; status: CheckoutStatus; transaction_id?: string }>({
      queryFn: async (body, baseApi) => {
        const setup = await configFor(baseApi);
        if ('error' in setup) return setup;
        const answer = await publicCall({ url: '/update-checkout-status', method: 'POST', body }, baseApi, statusAnswer, setup.config.publishableKey);
        return 'error' in answer ? answer : { data: null };
      },
      invalidatesTags: (_result, _error, body) => [{ type: 'Checkout', id: body.reference }],
    }),
    initializeCardTransaction: build.mutation<Initialisation, { card_number: string; reference: string | null }>({
      queryFn: async ({ card_number, reference }, baseApi) => {
        const setup = await configFor(baseApi);
        if ('error' in setup) return setup;
        const body = { card_number, currency: 'USD', reference };
        const answer = await publicCall({ url: '/initialize-card-transaction', method: 'POST', body }, baseApi, initializeCardTransactionResponse, setup.config.publishableKey);
        if ('error' in answer) return answer;
        const { status, message, data } = answer.data;
        if (status !== 'success' || !data) return customError(message || 'Transaction failed. Please try again.');
        return { data: { proceed: data.gatewayRecommendation === 'PROCEED', transactionId: data.transactionId, orderId: data.orderId, message } };
      },
    }),
    processCardTransaction: build.mutation<TransactionResult, CardTransactionPayload>({
      queryFn: async (payload, baseApi) => {
        const setup = await configFor(baseApi);
        if ('error' in setup) return setup;
        const checked = cardTransactionPayload.safeParse(payload);
        if (!checked.success) return customError(checked.error.issues[0]?.message ?? 'Invalid card details');
        const keys = keysFor(setup.config);
        const body = { data: seal(checked.data, keys) };
        const answer = await publicCall({ url: '/process-card-transaction', method: 'POST', body }, baseApi, processCardTransactionResponse, setup.config.publishableKey);
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
      queryFn: async (transactionId, baseApi) => {
        const setup = await configFor(baseApi);
        if ('error' in setup) return setup;
        const url = `/checkout/requery?reference=${encodeURIComponent(transactionId)}`;
        const answer = await publicCall({ url }, baseApi, publicAnswer(transactionResult), setup.config.publishableKey);
        if ('error' in answer) return answer;
        if (answer.data.status !== 'success' || !answer.data.data) return customError(answer.data.message || 'Invalid response');
        return { data: answer.data.data };
      },
      keepUnusedDataFor: 0,
    }),
    completeDemoThreeDs: build.mutation<null, { transaction_id: string; success: boolean }>({
      queryFn: async (body, baseApi) => {
        const setup = await configFor(baseApi);
        if ('error' in setup) return setup;
        const answer = await publicCall({ url: '/demo-3ds/complete', method: 'POST', body }, baseApi, statusAnswer, setup.config.publishableKey);
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
