import { brandLabel, detectBrand, digitsOnly, parseExpiry } from '@paydesk/shared/cards/card-rules';
import type { CardTransactionPayload } from '@paydesk/shared/schemas/payment';

/** Who pays how much, from the standalone form or from the merchant's checkout request. */
export interface PaymentDetails {
  amount: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** The checkout reference in widget mode; null on the standalone form. */
  checkoutReference: string | null;
}

export interface CardFields {
  cardNumber: string;
  expiry: string;
  cvv: string;
}

/** The card transaction payload (DATA-03); card_year is 2000 + the two-digit year (CONST-01). */
export function buildPayload(
  details: PaymentDetails,
  card: CardFields,
  ids: { transactionId: string; orderId: string },
): CardTransactionPayload {
  const expiry = parseExpiry(card.expiry);
  return {
    transaction_id: ids.transactionId,
    order_id: ids.orderId,
    reference: details.checkoutReference,
    card_number: digitsOnly(card.cardNumber),
    card_month: expiry ? String(expiry.month).padStart(2, '0') : '',
    card_year: expiry ? String(expiry.year) : '',
    cvv: card.cvv,
    amount: details.amount,
    currency: 'USD',
    email: details.email.trim(),
    phone: details.phone.trim(),
    first_name: details.first_name.trim(),
    last_name: details.last_name.trim(),
    cardBrand: brandLabel(detectBrand(card.cardNumber)),
    checkout: details.checkoutReference !== null,
    checkout_reference: details.checkoutReference,
  };
}
