// No zod here, so the pay form can check an amount without loading any schema library.
import { isWholeCents, numberToCents } from '../money';

export { isWholeCents };

/** What the payment amount rule says of an amount with a part of a cent (12.345). */
export const PART_OF_A_CENT_MESSAGE = 'The amount may have at most two decimals';

/**
 * At least one whole cent once rounded: a tiny positive float such as 5e-324 passes `positive()` and
 * even `multipleOf(0.01)`, then rounds to 0 cents, which the database refuses.
 */
export const atLeastOneCent = (amount: number): boolean => numberToCents(amount) >= 1;

/** The largest amount one payment may carry, in USD. */
export const MAX_PAYMENT_AMOUNT = 1_000_000;

/**
 * An amount to pay, in USD: above 0, whole cents, at least one cent and at most
 * MAX_PAYMENT_AMOUNT. The one rule of the merchant's checkout amount, the card payment payload
 * (both through `paymentAmount`, which says which part failed) and the pay form's amount field.
 */
export const isPaymentAmount = (amount: number): boolean =>
  Number.isFinite(amount) && amount > 0 && isWholeCents(amount) && amount <= MAX_PAYMENT_AMOUNT && atLeastOneCent(amount);
