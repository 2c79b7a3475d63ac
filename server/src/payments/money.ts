/** 12.5 → 1250. Amounts arrive validated to at most two decimals; rounding removes float noise. */
export const decimalToCents = (amount: number): number => Math.round(amount * 100);
