import { skipToken } from '@reduxjs/toolkit/query/react';
import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';
import { useValidateCheckoutQuery } from '../../../lib/payments-api';
import { checkoutRefusal, missingReference, validationProblem, type CheckoutProblem } from '../model/checkout-problem';

export type CheckoutState =
  | { kind: 'loading' }
  | { kind: 'problem'; problem: CheckoutProblem; checkout?: CheckoutRequest }
  | { kind: 'payable'; checkout: CheckoutRequest };

/** The checkout behind a widget reference, and whether it may be paid (spec points 4, 5 and 8). */
export function useCheckout(reference: string | undefined): { state: CheckoutState; retry: () => void } {
  const query = useValidateCheckoutQuery(reference ? reference : skipToken);
  const retry = () => void query.refetch();
  if (!reference) return { state: { kind: 'problem', problem: missingReference }, retry };
  if (query.isLoading || query.isFetching) return { state: { kind: 'loading' }, retry };
  if (query.isError || !query.data) return { state: { kind: 'problem', problem: validationProblem(query.error) }, retry };
  const refusal = checkoutRefusal(query.data);
  return { state: refusal ? { kind: 'problem', problem: refusal, checkout: query.data } : { kind: 'payable', checkout: query.data }, retry };
}
