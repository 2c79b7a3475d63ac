// No zod and no UI: the pay form, the schemas, the server and every remote read money through here.

/** Cents in a dollar: the one place the factor is written. */
const CENTS_PER_DOLLAR = 100;

/**
 * Integer cents as the wire's decimal string (123450 → "1234.50", -5 → "-0.05"), built from the
 * digits so no float ever rounds it.
 */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${cents < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Integer cents as a sum in a message ("Available balance: $1234.50"): the wire's decimal with a
 * dollar sign, so an API message shows the figure its answer's fields carry (no thousands
 * separator; a page shows money with formatMoney of format.ts).
 */
export const centsToDollars = (cents: number): string => (cents < 0 ? `-$${centsToDecimal(-cents)}` : `$${centsToDecimal(cents)}`);

/**
 * An amount as typed or sent ("12", "12.5", "1234.50", ".5", "-3.10") as integer cents, read digit
 * by digit: the one reader of a typed amount. Undefined when it is not a plain amount of whole
 * cents: a part of a cent ("12.345") is refused, never rounded (it would be a cent nobody chose),
 * and so is anything a float would read ("1e3", "0x10", "Infinity"). Zeros after the cents are no
 * part of one: "12.340" is 1234.
 */
export function decimalToCents(text: string): number | undefined {
  const match = /^\s*(-?)(\d*)(?:\.(\d{0,2})0*)?\s*$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  const cents = Number(whole || '0') * CENTS_PER_DOLLAR + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return undefined;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/**
 * A plain amount but for a part of a cent: a digit other than 0 after the second decimal ("12.345",
 * "1.0001"), which decimalToCents refuses and no payment can carry.
 */
export const hasPartOfACent = (text: string): boolean => /^\s*-?\d*\.\d{2}0*[1-9]\d*\s*$/.test(text);

/** The cents of a wire decimal ("1234.50"), or NaN when it is none (the schemas refuse such a value first). */
export const centsOf = (decimal: string): number => decimalToCents(decimal) ?? Number.NaN;

/**
 * Integer cents as a number of dollars, for a JSON body that carries numbers (1250 → 12.5). The
 * division is exact to the last bit: the same number as parsing "12.50".
 */
export const centsToNumber = (cents: number): number => cents / CENTS_PER_DOLLAR;

/** A number of dollars (a JSON amount such as 12.5) as integer cents, to the nearest cent. */
export const numberToCents = (amount: number): number => Math.round(amount * CENTS_PER_DOLLAR);

/** No part of a cent in a number of dollars: 12.34 is, 12.345 is not (a float's own error aside). */
export const isWholeCents = (amount: number): boolean => Math.abs(amount * CENTS_PER_DOLLAR - numberToCents(amount)) < 1e-6;
