/**
 * The card rules (VAL-04 to VAL-07), used by the card dialog and applied again by the server.
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

interface BrandRule {
  label: string;
  length: number;
  cvvLength: number;
  matches: (digits: string) => boolean;
}

const prefixNumber = (digits: string, size: number) => Number(digits.slice(0, size));

const brandRules: Record<Exclude<CardBrand, 'unknown'>, BrandRule> = {
  visa: { label: 'Visa', length: 16, cvvLength: 3, matches: (d) => d.startsWith('4') },
  mastercard: {
    label: 'Mastercard',
    length: 16,
    cvvLength: 3,
    matches: (d) =>
      (prefixNumber(d, 2) >= 51 && prefixNumber(d, 2) <= 55) || (d.length >= 4 && prefixNumber(d, 4) >= 2221 && prefixNumber(d, 4) <= 2720),
  },
  amex: { label: 'American Express', length: 15, cvvLength: 4, matches: (d) => d.startsWith('34') || d.startsWith('37') },
  discover: { label: 'Discover', length: 16, cvvLength: 3, matches: (d) => d.startsWith('6011') || d.startsWith('65') },
};

/** Point 9: card number 13 to 19 digits; the field takes at most 19 characters, spaces included. */
export const CARD_NUMBER_FIELD_MAX = 19;
export const EXPIRY_FIELD_MAX = 5;

export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

export function detectBrand(cardNumber: string): CardBrand {
  const digits = digitsOnly(cardNumber);
  for (const [brand, rule] of Object.entries(brandRules)) if (rule.matches(digits)) return brand as CardBrand;
  return 'unknown';
}

export const brandLabel = (brand: CardBrand): string => (brand === 'unknown' ? 'Card' : brandRules[brand].label);

/** Digits grouped in fours, cut to the field's 19 characters. */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
    .slice(0, CARD_NUMBER_FIELD_MAX)
    .trim();
}

/** Luhn's sum: every second digit from the end doubled (less 9 above 9), the last one first when `doubleLast`. */
function luhnSum(digits: string, doubleLast: boolean): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === (doubleLast ? 0 : 1)) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

export function passesLuhn(digits: string): boolean {
  return digits.length > 0 && luhnSum(digits, false) % 10 === 0;
}

/** The body followed by the one digit that makes it pass the Luhn check (test and demo cards). */
export function withCheckDigit(body: string): string {
  // Once a digit follows the body, the body's last digit is doubled.
  return `${body}${(10 - (luhnSum(body, true) % 10)) % 10}`;
}

/** Valid when it has 13 to 19 digits and passes the Luhn check (VAL-04). */
export function isValidCardNumber(cardNumber: string): boolean {
  const digits = digitsOnly(cardNumber);
  return /^\d{13,19}$/.test(digits) && passesLuhn(digits);
}

/** CVV length the brand wants; unknown brands take 3 or 4. */
export const cvvLengths = (brand: CardBrand): readonly number[] => (brand === 'unknown' ? [3, 4] : [brandRules[brand].cvvLength]);

/** The CVV field keeps digits only, capped at the brand's length (4 when unknown). */
export const formatCvv = (value: string, brand: CardBrand): string => digitsOnly(value).slice(0, Math.max(...cvvLengths(brand)));

export const isValidCvv = (cvv: string, brand: CardBrand): boolean => /^\d+$/.test(cvv) && cvvLengths(brand).includes(cvv.length);

/** Typing "1225" shows "12/25"; at most five characters. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export interface Expiry {
  month: number;
  /** Four digits: 2000 + the two-digit year (CONST-01). */
  year: number;
}

export function parseExpiry(value: string): Expiry | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** MM/YY, month 1 to 12, not earlier than the current month and year. */
export function isValidExpiry(value: string, now: Date = new Date()): boolean {
  const expiry = parseExpiry(value);
  if (!expiry) return false;
  const current = now.getFullYear() * 12 + now.getMonth();
  return expiry.year * 12 + (expiry.month - 1) >= current;
}

export const lastFour = (cardNumber: string): string => digitsOnly(cardNumber).slice(-4);
