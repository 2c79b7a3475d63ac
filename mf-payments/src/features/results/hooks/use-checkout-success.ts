import { useEffect, useRef, useState } from 'react';
import { postToOpener } from '../../../lib/opener';
import { useUpdateCheckoutStatusMutation, useValidateCheckoutQuery } from '../../../lib/payments-api';
import type { ResultState } from '../../../lib/result-state';

/** CONST-04: redirect countdown after checkout success. */
export const CALLBACK_COUNTDOWN_S = 3;

/** What a browser does to leave for the merchant; a seam so tests can watch it. */
export const leavePage = {
  close: () => window.close(),
  goTo: (url: string) => window.location.assign(url),
};

/**
 * The checkout receipt's duty (CHK-07): record the status with the transaction id, then
 * tell the opener and close; without an opener, count down and go to the callback address.
 */
export function useCheckoutSuccess(reference: string, result: ResultState) {
  const status = result.status ?? 'completed';
  const [update] = useUpdateCheckoutStatusMutation();
  const checkout = useValidateCheckoutQuery(reference);
  const [recorded, setRecorded] = useState(false);
  const [countdown, setCountdown] = useState<number | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The answer is ignored (CHK-08); the page goes on either way.
    void update({ reference, status, transaction_id: result.transactionId }).finally(() => setRecorded(true));
  }, [reference, status, result.transactionId, update]);

  const callbackUrl = checkout.data?.callback_url ?? null;
  const known = checkout.isSuccess || checkout.isError;
  useEffect(() => {
    if (!recorded || !known || countdown !== null) return;
    const type = status === 'completed' ? 'PAYMENT_SUCCESS' : 'PAYMENT_PENDING';
    if (postToOpener({ type, reference, transaction_id: result.transactionId }, callbackUrl)) leavePage.close();
    else if (callbackUrl) setCountdown(CALLBACK_COUNTDOWN_S);
  }, [recorded, known, callbackUrl, countdown, status, reference, result.transactionId]);

  useEffect(() => {
    if (countdown === null || !callbackUrl) return undefined;
    if (countdown === 0) {
      leavePage.goTo(callbackUrl);
      return undefined;
    }
    const timer = setTimeout(() => setCountdown(countdown - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown, callbackUrl]);

  return { status, countdown };
}
