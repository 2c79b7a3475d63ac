// The contract between a remote's build, which paints a payer page once with stand-ins where one
// checkout's values go (mf-payments/src/first-view/), and the server, which puts a checkout's
// values in their place for each payer's first response (server/src/frontends/first-view.ts).
import type { CheckoutRequest } from './schemas/checkout';
import { formatMoney } from './format';

/** The id of the `<script type="application/json">` carrying the answers a page would otherwise fetch first. */
export const PAGE_ANSWERS_ID = 'paydesk-page-answers';

/** What each stand-in stands for: every one of them is text the page renders, never markup. */
export const checkoutSlots = {
  '{{first_name}}': (checkout: Pick<CheckoutRequest, 'first_name'>) => checkout.first_name,
  '{{last_name}}': (checkout: Pick<CheckoutRequest, 'last_name'>) => checkout.last_name,
  '{{email}}': (checkout: Pick<CheckoutRequest, 'email'>) => checkout.email,
  '{{amount}}': (checkout: Pick<CheckoutRequest, 'amount'>) => formatMoney(checkout.amount),
} as const;

/** Escapes text for an HTML text node or attribute value, character for character as React does. */
export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) => ({ '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' })[c] ?? c);
}

/** A painted page with one checkout's values in place of the stand-ins, each escaped. */
export function fillCheckoutSlots(html: string, checkout: CheckoutRequest): string {
  return html.replace(/\{\{(first_name|last_name|email|amount)\}\}/g, (slot) =>
    escapeHtml(checkoutSlots[slot as keyof typeof checkoutSlots](checkout)),
  );
}

/** A payable checkout: one the widget shows its Pay button for. */
export const checkoutIsPayable = (checkout: Pick<CheckoutRequest, 'status' | 'amount'>): boolean =>
  checkout.status !== 'completed' && checkout.status !== 'failed' && checkout.amount > 0;
