/** The one place where integer cents become the wire's decimal string ("1234.50"), and back. */
export function toWireMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 12.5 → 1250: a wire amount (validated to at most two decimals) to cents; rounding removes float noise. */
export const decimalToCents = (amount: number): number => Math.round(amount * 100);
