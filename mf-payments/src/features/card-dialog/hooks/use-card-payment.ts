import { useRef, useState } from 'react';
import { digitsOnly } from '@paydesk/shared/cards/card-rules';
import type { TransactionResult } from '@paydesk/shared/schemas/payment';
import { useInitializeCardTransactionMutation, useProcessCardTransactionMutation } from '../../../lib/payments-api';
import { publicErrorMessage } from '../../../lib/public-fetch';
import { buildPayload, type CardFields, type PaymentDetails } from '../model/payment-details';

export type Initialised =
  | { digits: string; kind: 'proceed'; transactionId: string; orderId: string }
  /** final: the gateway said no to this card; otherwise the call failed and may be retried. */
  | { digits: string; kind: 'refused'; message: string; final: boolean };

export const REFUSED_FALLBACK = 'This card cannot be used for this payment. Please use another card.';
const NETWORK_FAILURE = 'An error occurred while processing your payment. Please try again.';
const NON_OK_FAILURE = 'Transaction failed. Please try again.';

export interface CardPaymentCallbacks {
  onResult: (result: TransactionResult) => void;
  /** A submission that produced no transaction result (ERR-05). */
  onError: (message: string, transactionId: string) => void;
}

/**
 * Initialisation (on card-number blur, or at Pay if it has not happened) and processing.
 * The payment goes on only on PROCEED, with the transaction and order ids it returned.
 */
export function useCardPayment(details: PaymentDetails, { onResult, onError }: CardPaymentCallbacks) {
  const [initialize] = useInitializeCardTransactionMutation();
  const [processCard] = useProcessCardTransactionMutation();
  const [initialised, setInitialised] = useState<Initialised | null>(null);
  const [processing, setProcessing] = useState(false);
  const latest = useRef<Initialised | null>(null);
  const inflight = useRef<{ digits: string; promise: Promise<Initialised> } | null>(null);

  const remember = (state: Initialised | null) => {
    latest.current = state;
    setInitialised(state);
  };

  const initialise = (digits: string): Promise<Initialised> => {
    const known = latest.current;
    if (known?.digits === digits && (known.kind === 'proceed' || known.final)) return Promise.resolve(known);
    if (inflight.current?.digits === digits) return inflight.current.promise;
    const promise = initialize({ card_number: digits, reference: details.checkoutReference })
      .unwrap()
      .then(
        (answer): Initialised =>
          answer.proceed
            ? { digits, kind: 'proceed', transactionId: answer.transactionId, orderId: answer.orderId }
            : { digits, kind: 'refused', final: true, message: answer.message || REFUSED_FALLBACK },
        (error: unknown): Initialised => ({
          digits,
          kind: 'refused',
          final: false,
          message: publicErrorMessage(error, NON_OK_FAILURE, NETWORK_FAILURE),
        }),
      )
      .then((state) => {
        if (inflight.current?.promise === promise) inflight.current = null;
        remember(state);
        return state;
      });
    inflight.current = { digits, promise };
    return promise;
  };

  const pay = async (card: CardFields) => {
    setProcessing(true);
    try {
      const state = await initialise(digitsOnly(card.cardNumber));
      if (state.kind !== 'proceed') return;
      // A transaction id is good for one attempt: the server answers a repeat with its first result.
      remember(null);
      try {
        onResult(await processCard(buildPayload(details, card, state)).unwrap());
      } catch (error) {
        onError(publicErrorMessage(error, NON_OK_FAILURE, NETWORK_FAILURE), state.transactionId);
      }
    } finally {
      setProcessing(false);
    }
  };

  return { initialised, processing, initialise, pay };
}
