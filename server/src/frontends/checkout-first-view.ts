import { checkoutIsPayable, fillCheckoutSlots, PAGE_ANSWERS_ID } from '@paydesk/shared/first-view-slots';
import type { CheckoutRequest } from '@paydesk/shared/schemas/checkout';

/** The payer API's first answers, as its routes build them (payments/payer-answers.ts). */
export interface PayerAnswers {
  config(): unknown;
  checkout(checkout: CheckoutRequest): unknown;
  findCheckout(reference: string): Promise<CheckoutRequest | undefined>;
}

/** A script element's JSON, safe inside HTML: no `<` can close the element early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The reference in a widget address, `/checkout/{reference}`, as the API's route would take it. */
function referenceIn(path: string): string | undefined {
  const [, first, reference, ...rest] = path.split('/');
  if (first !== 'checkout' || reference === undefined || rest.length > 0) return undefined;
  try {
    const decoded = decodeURIComponent(reference);
    return decoded.length >= 1 && decoded.length <= 64 ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The widget's page painted with its checkout: the amount, the customer's name and e-mail in the
 * markup its remote's build painted with stand-ins (each value escaped as React escapes text),
 * and, in the same page, the answers the widget's first render would otherwise fetch (its
 * configuration and the checkout's validation, built as the API builds them), so that render
 * shows the same card at once. Only a checkout the widget would show its Pay button for: any other
 * address gets the page unpainted, as before. Composed for each request: a page is one checkout's.
 * The page says nothing that its own first call would not: the reference, unguessable, opens both.
 */
export function createCheckoutFirstView(answers: PayerAnswers) {
  return async (template: string, path: string): Promise<string | undefined> => {
    const reference = referenceIn(path);
    const checkout = reference === undefined ? undefined : await answers.findCheckout(reference);
    if (!reference || !checkout || !checkoutIsPayable(checkout)) return undefined;
    const inPage = {
      '/public/config': answers.config(),
      [`/checkout/validate/${encodeURIComponent(reference)}`]: answers.checkout(checkout),
    };
    return fillCheckoutSlots(template, checkout).replace(
      '</head>',
      () => `<script type="application/json" id="${PAGE_ANSWERS_ID}">${scriptJson(inPage)}</script></head>`,
    );
  };
}
