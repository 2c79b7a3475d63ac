import { useEffect, useState } from 'react';
import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { checkoutInPage, forgetCheckoutInPage, validateCheckout } from '../../../lib/checkout-validation';
import type { PublicResult } from '../../../lib/public-fetch';
import { checkoutRefusal, missingReference, validationProblem, type CheckoutProblem } from '../model/checkout-problem';

export type CheckoutState =
  | { kind: 'loading' }
  | { kind: 'problem'; problem: CheckoutProblem; checkout?: CheckoutRequest }
  | { kind: 'payable'; checkout: CheckoutRequest };

/**
 * The checkout behind a widget reference, and whether it may be paid (CHK-04, VAL-16, ERR-01 to
 * ERR-03). A plain call, not the API slice: the widget's Pay button shows without the store loaded.
 */
export function useCheckout(reference: string | undefined): { state: CheckoutState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // The answer the server sent in the page, when it painted this checkout before any script ran.
  const [inPage] = useState(() => {
    const result = reference === undefined ? undefined : checkoutInPage(reference);
    return result && { reference, result };
  });
  const [answer, setAnswer] = useState<{ attempt: number; result: PublicResult<CheckoutRequest> } | undefined>(
    inPage && { attempt: 0, result: inPage.result },
  );
  useEffect(() => {
    if (!reference) return undefined;
    if (attempt === 0 && inPage?.reference === reference) {
      forgetCheckoutInPage(reference);
      return undefined;
    }
    let live = true;
    void validateCheckout(reference).then((result) => {
      if (live) setAnswer({ attempt, result });
    });
    return () => {
      live = false;
    };
  }, [reference, attempt, inPage]);
  const retry = () => setAttempt((n) => n + 1);
  if (!reference) return { state: { kind: 'problem', problem: missingReference }, retry };
  if (answer?.attempt !== attempt) return { state: { kind: 'loading' }, retry };
  if ('error' in answer.result) return { state: { kind: 'problem', problem: validationProblem(answer.result.error) }, retry };
  const checkout = answer.result.data;
  const refusal = checkoutRefusal(checkout);
  return { state: refusal ? { kind: 'problem', problem: refusal, checkout } : { kind: 'payable', checkout }, retry };
}
