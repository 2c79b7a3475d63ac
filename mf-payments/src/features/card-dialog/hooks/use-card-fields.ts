import { useState } from 'react';
import {
  detectBrand,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  isValidCardNumber,
  isValidCvv,
  isValidExpiry,
} from '@paydesk/shared/cards/card-rules';
import type { CardFields } from '../model/payment-details';

/** The three card fields, formatted as typed and checked with the shared card rules (VAL-04 to VAL-08). */
export function useCardFields() {
  const [card, setCard] = useState<CardFields>({ cardNumber: '', expiry: '', cvv: '' });
  const brand = detectBrand(card.cardNumber);
  const valid = {
    cardNumber: isValidCardNumber(card.cardNumber),
    expiry: isValidExpiry(card.expiry),
    cvv: isValidCvv(card.cvv, brand),
  };
  return {
    card,
    brand,
    valid,
    allValid: valid.cardNumber && valid.expiry && valid.cvv,
    setCardNumber: (value: string) =>
      // A new brand may want a shorter CVV: cap what is already typed.
      setCard((c) => ({ ...c, cardNumber: formatCardNumber(value), cvv: formatCvv(c.cvv, detectBrand(value)) })),
    setExpiry: (value: string) => setCard((c) => ({ ...c, expiry: formatExpiry(value) })),
    setCvv: (value: string) => setCard((c) => ({ ...c, cvv: formatCvv(value, detectBrand(c.cardNumber)) })),
  };
}
